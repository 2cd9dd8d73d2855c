import { pageMeta } from '../components/layout/page-meta';
import { MyOrdersPage } from '../features/orders/pages/my-orders-page';

export const meta = pageMeta({ title: 'My Orders' });

export default MyOrdersPage;
