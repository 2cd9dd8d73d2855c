import { useNavigate } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import type { AccountControls } from './navbar';
import { useSession, useSignOut } from '../../lib/auth';

/** The navbar's account controls: who is signed in, and LOG OUT (SPEC §2: ends the session, goes home). */
export function useAccountControls(): AccountControls {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    signedIn: Boolean(session.data),
    busy: signOut.isPending,
    logOut: (done) =>
      signOut.mutate(undefined, {
        onSettled: () => {
          done?.();
          void navigate(paths.home);
        },
      }),
  };
}
