import type { ReactNode } from 'react';

/** A form's primary button: disabled with a spinner while the form is being sent. */
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
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy || disabled}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
