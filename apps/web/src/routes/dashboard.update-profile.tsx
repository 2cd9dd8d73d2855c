import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadSignedInScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { profileQueryOptions } from '../features/profiles/api';
import { UpdateProfilePage } from '../features/profiles/pages/update-profile-page';
import type { Route } from './+types/dashboard.update-profile';

export const meta: Route.MetaFunction = pageMeta({ title: 'Update Profile' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadSignedInScreen(args, (user) => browserQueryClient().ensureQueryData(profileQueryOptions(user.email)));

// Drawn in the browser only (decision 061): the server sends the dashboard with a spinner in its place.
export { ScreenLoading as HydrateFallback } from '../components/ui/spinner';

export function ErrorBoundary() {
  return <ScreenError what="your profile" />;
}

export default UpdateProfilePage;
