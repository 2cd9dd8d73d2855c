import { pageMeta } from '../components/layout/page-meta';
import { UpdateProfilePage } from '../features/profiles/pages/update-profile-page';

export const meta = pageMeta({ title: 'Update Profile' });

export default UpdateProfilePage;
