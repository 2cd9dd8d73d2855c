import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { signedInScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { profileQueryOptions } from '../features/profiles/api';
import { MyProfilePage } from '../features/profiles/pages/my-profile-page';

export const meta = pageMeta({ title: 'My Profile' });

export const clientLoader = signedInScreen((user) =>
  browserQueryClient().ensureQueryData(profileQueryOptions(user.email)),
);

export function ErrorBoundary() {
  return <ScreenError what="your profile" />;
}

export default MyProfilePage;
