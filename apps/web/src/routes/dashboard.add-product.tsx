import { pageMeta } from '../components/layout/page-meta';
import { AddProductPage } from '../features/tools/pages/add-product-page';

export const meta = pageMeta({ title: 'Add a Product' });

export default AddProductPage;
