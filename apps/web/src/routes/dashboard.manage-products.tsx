import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { adminScreen } from '../lib/screen-loaders';
import { toolFiltersSchema } from '@toolshop/shared/tool-filters';
import { browserQueryClient } from '../lib/query-client';
import { readUrlQuery } from '../lib/use-url-query';
import { toolPageQueryOptions } from '../features/tools/api';
import { ManageProductsPage } from '../features/admin/pages/manage-products-page';

export const meta = pageMeta({ title: 'Manage All Products' });

export const clientLoader = adminScreen((_user, { search }) =>
  browserQueryClient().ensureQueryData(toolPageQueryOptions(readUrlQuery(toolFiltersSchema, search))),
);

export function ErrorBoundary() {
  return <ScreenError what="the products" />;
}

export default ManageProductsPage;
