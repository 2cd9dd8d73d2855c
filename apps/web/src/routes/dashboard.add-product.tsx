import { pageMeta } from '../components/layout/page-meta';
import { AddProductPage } from '../features/admin/pages/add-product-page';

export const meta = pageMeta({ title: 'Add a Product' });

export default AddProductPage;
