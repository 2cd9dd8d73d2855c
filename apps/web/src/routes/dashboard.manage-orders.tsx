import { pageMeta } from '../components/layout/page-meta';
import { ManageOrdersPage } from '../features/orders/pages/manage-orders-page';

export const meta = pageMeta({ title: 'Manage All Orders' });

export default ManageOrdersPage;
