import { loadIsAdmin, loadSessionUser, type SessionUser } from './auth';

/** What a screen's clientLoader is called with (its route's generated Route.ClientLoaderArgs). */
interface ScreenArgs<Params> {
  request: Request;
  params: Params;
}

interface ScreenAddress<Params> {
  search: URLSearchParams;
  params: Params;
}

type LoadScreen<Params> = (user: SessionUser, address: ScreenAddress<Params>) => Promise<unknown>;

/**
 * The clientLoader of a screen behind sign-in: `load` puts the screen's data into the query cache before the
 * screen is drawn, so the screen reads it ready and a failure reaches the route's ErrorBoundary. Signed
 * out, nothing is asked for: RequireAuth sends the visitor to the login page.
 */
export async function loadSignedInScreen<Params>(
  { request, params }: ScreenArgs<Params>,
  load: LoadScreen<Params>,
): Promise<null> {
  const user = await loadSessionUser();
  if (user) await load(user, { search: new URL(request.url).searchParams, params });
  return null;
}

/** The same for an admin screen: its data is asked for once the server has said the visitor is an admin. */
export const loadAdminScreen = <Params>(args: ScreenArgs<Params>, load: LoadScreen<Params>) =>
  loadSignedInScreen(args, async (user, address) => {
    if (await loadIsAdmin(user.email)) await load(user, address);
  });
