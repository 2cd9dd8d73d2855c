import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { categoriesQueryOptions } from '../features/categories/api';
import { CategoriesPage } from '../features/categories/pages/categories-page';
import type { Route } from './+types/dashboard.categories';

export const meta: Route.MetaFunction = pageMeta({ title: 'Categories' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, () => browserQueryClient().ensureQueryData(categoriesQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the categories" />;
}

export default CategoriesPage;
