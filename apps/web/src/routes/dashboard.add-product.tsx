import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { categoriesQueryOptions } from '../features/categories/api';
import { AddProductPage } from '../features/admin/pages/add-product-page';
import type { Route } from './+types/dashboard.add-product';

export const meta: Route.MetaFunction = pageMeta({ title: 'Add a Product' });

// The form's category menu lists the categories.
export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, () => browserQueryClient().ensureQueryData(categoriesQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the product form" />;
}

export default AddProductPage;
