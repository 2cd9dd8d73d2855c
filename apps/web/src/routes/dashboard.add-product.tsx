import { pageMeta } from '../components/layout/page-meta';
import { AddProductPage } from '../features/admin/pages/add-product-page';
import type { Route } from './+types/dashboard.add-product';

export const meta: Route.MetaFunction = pageMeta({ title: 'Add a Product' });

export default AddProductPage;
