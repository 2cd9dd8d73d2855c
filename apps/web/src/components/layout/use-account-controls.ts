import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import type { AccountControls } from './navbar';

/**
 * The navbar's account controls: whether someone is signed in (as the root's loader read it from the session
 * cookie) and LOG OUT (SPEC §2: ends the session, goes home). The sign-out's code is fetched when it is asked
 * for, so the storefront's pages do not carry the query cache it clears (decision 066).
 */
export function useAccountControls(signedIn: boolean): AccountControls {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return {
    signedIn,
    busy,
    logOut: (done) => {
      setBusy(true);
      void (async () => {
        // Whatever the outcome: the root's read below shows whether the server still holds a session.
        await import('../../lib/auth').then(
          ({ signOutAndForget }) => signOutAndForget(),
          () => undefined,
        );
        done?.();
        // Home first: revalidating a screen behind the sign-in would send the visitor to /login.
        await navigate(paths.home);
        // The root reads the session and the cart anew: the visitor's own cart, and no LOG OUT.
        await revalidate();
        setBusy(false);
      })();
    },
  };
}
