import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { shippingSettingsQueryOptions } from '../features/shop-settings/api';
import { ShopSettingsPage } from '../features/shop-settings/pages/shop-settings-page';
import type { Route } from './+types/dashboard.settings';

export const meta: Route.MetaFunction = pageMeta({ title: 'Shop Settings' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, () => browserQueryClient().ensureQueryData(shippingSettingsQueryOptions()));

export function ErrorBoundary() {
  return <ScreenError what="the shop settings" />;
}

export default ShopSettingsPage;
