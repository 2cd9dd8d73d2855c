import { pageMeta } from '../components/layout/page-meta';
import { OverviewPage } from '../features/admin/pages/overview-page';

export const meta = pageMeta({ title: 'Sales Overview' });

export default OverviewPage;
