import { pageMeta } from '../components/layout/page-meta';
import { MakeAdminPage } from '../features/users/pages/make-admin-page';

export const meta = pageMeta({ title: 'Make Admin' });

export default MakeAdminPage;
