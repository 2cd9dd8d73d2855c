import { pageMeta } from '../components/layout/page-meta';
import { DashboardLayout } from '../features/dashboard/pages/dashboard-layout';

export const meta = pageMeta({ title: 'Dashboard' });

export default DashboardLayout;
