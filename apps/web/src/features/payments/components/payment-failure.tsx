import { useEffect, useRef } from 'react';

/**
 * Why a payment did not go through. It takes the focus when it appears (or its message changes), so a
 * keyboard or screen-reader user lands on the result instead of staying on the Pay button.
 */
export function PaymentFailure({ message }: { message: string | null | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="text-sm font-medium text-error outline-offset-4">
      {message}
    </p>
  );
}
