import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { toolFiltersSchema } from '@toolshop/shared/tool-filters';
import { browserQueryClient } from '../lib/query-client';
import { readUrlQuery } from '../lib/use-url-query';
import { toolPageQueryOptions } from '../features/tools/api';
import { categoriesQueryOptions } from '../features/categories/api';
import { ManageProductsPage } from '../features/admin/pages/manage-products-page';
import type { Route } from './+types/dashboard.manage-products';

export const meta: Route.MetaFunction = pageMeta({ title: 'Manage All Products' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    Promise.all([
      browserQueryClient().ensureQueryData(toolPageQueryOptions(readUrlQuery(toolFiltersSchema, search))),
      // The edit dialog's category menu.
      browserQueryClient().ensureQueryData(categoriesQueryOptions()),
    ]),
  );

export function ErrorBoundary() {
  return <ScreenError what="the products" />;
}

export default ManageProductsPage;
