import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A form's primary button: disabled with a spinner while the form is being sent, and until the page's
 * scripts have run, unless the form has a route action (`postsWithoutScripts`) that answers it as a plain
 * HTML form meanwhile.
 */
export function SubmitButton({
  busy,
  disabled = false,
  postsWithoutScripts = false,
  className = 'w-full',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  postsWithoutScripts?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={busy || disabled || !(hydrated || postsWithoutScripts)}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
