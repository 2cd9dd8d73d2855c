import { useState } from 'react';
import { paths } from '@toolshop/shared/paths';
import { useSiteConfig } from '../../../lib/auth';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { useHydrated } from '../../../lib/use-hydrated';

/** 'Use Google?': signs in through Google when the shop has it configured, and says so plainly when not. */
export function GoogleButton({ callbackURL }: { callbackURL: string }) {
  const config = useSiteConfig();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signInWithGoogle() {
    if (!config.data?.googleSignIn) {
      setMessage('Google sign-in is not configured on this shop. Please use your e-mail and password.');
      return;
    }
    setBusy(true);
    const { error } = await authClient.signIn.social({
      provider: 'google',
      callbackURL,
      errorCallbackURL: paths.login,
    });
    if (error) {
      setBusy(false);
      setMessage(authErrorMessage(error));
    }
  }

  return (
    <div>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={signInWithGoogle}
        // Until the shop's settings are in, a click could not tell whether Google sign-in is on.
        disabled={busy || !hydrated || config.isPending}
      >
        <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.2-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 38.2 44 33 44 24c0-1.2-.1-2.4-.4-3.5z"
          />
        </svg>
        Use Google?
      </button>
      {message && (
        <p role="status" className="mt-2 text-sm text-base-content/70">
          {message}
        </p>
      )}
    </div>
  );
}
