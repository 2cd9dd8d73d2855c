import { pageMeta } from '../components/layout/page-meta';
import { ManageProductsPage } from '../features/tools/pages/manage-products-page';

export const meta = pageMeta({ title: 'Manage All Products' });

export default ManageProductsPage;
