import { pageMeta } from '../components/layout/page-meta';
import { ActivityPage } from '../features/admin/pages/activity-page';

export const meta = pageMeta({ title: 'Activity Log' });

export default ActivityPage;
