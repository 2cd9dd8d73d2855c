import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/** A form's primary button: disabled with a spinner while the form is being sent, and until the page is ready. */
export function SubmitButton({
  busy,
  disabled = false,
  className = 'w-full',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy || disabled || !hydrated}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
