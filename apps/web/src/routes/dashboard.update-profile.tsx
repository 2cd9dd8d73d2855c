import type { Profile } from '@toolshop/shared/profile';
import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadSignedInScreen } from '../lib/screen-loaders';
import { apiUrl } from '../lib/api-client';
import { browserQueryClient } from '../lib/query-client';
import { querySeed, SeededQueries } from '../lib/query-seed';
import { loadAsVisitor, signedInVisitor } from '../lib/storefront';
import { profilePath, profileQueryOptions } from '../features/profiles/api';
import { UpdateProfilePage } from '../features/profiles/pages/update-profile-page';
import { runUpdateProfile } from '../features/profiles/profile-requests';
import type { Route } from './+types/dashboard.update-profile';

export const meta: Route.MetaFunction = pageMeta({ title: 'Update Profile' });

// The first page arrives with the form filled in, read on the server as the customer (decision 061).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = await signedInVisitor(context, request);
  const profile = await loadAsVisitor<Profile>(context, request, apiUrl(profilePath(email)));
  return querySeed([[profileQueryOptions(email).queryKey, profile]]);
}

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runUpdateProfile(context, request);

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadSignedInScreen(args, (user) => browserQueryClient().ensureQueryData(profileQueryOptions(user.email)));

export function ErrorBoundary() {
  return <ScreenError what="your profile" />;
}

export default function UpdateProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SeededQueries seed={loaderData}>
      <UpdateProfilePage answer={actionData} />
    </SeededQueries>
  );
}
