import { pageMeta } from '../components/layout/page-meta';
import { MyProfilePage } from '../features/profiles/pages/my-profile-page';

export const meta = pageMeta({ title: 'My Profile' });

export default MyProfilePage;
