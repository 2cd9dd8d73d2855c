import type { Params } from 'react-router';
import { loadIsAdmin, loadSessionUser, type SessionUser } from './auth';

interface ScreenAddress {
  search: URLSearchParams;
  params: Params;
}

type LoadScreen = (user: SessionUser, address: ScreenAddress) => Promise<unknown>;

/**
 * A clientLoader for a screen behind sign-in: `load` puts the screen's data into the query cache before the
 * screen is drawn, so the screen reads it ready and a failure reaches the route's ErrorBoundary. Signed
 * out, nothing is asked for: RequireAuth sends the visitor to /login.
 */
export const signedInScreen =
  (load: LoadScreen) =>
  async ({ request, params }: { request: Request; params: Params }) => {
    const user = await loadSessionUser();
    if (user) await load(user, { search: new URL(request.url).searchParams, params });
    return null;
  };

/** The same for an admin screen: its data is asked for once the server has said the visitor is an admin. */
export const adminScreen = (load: LoadScreen) =>
  signedInScreen(async (user, address) => {
    if (await loadIsAdmin(user.email)) await load(user, address);
  });
