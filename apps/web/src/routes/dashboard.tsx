import type { AdminStatus } from '@toolshop/shared/user';
import type { SiteConfig } from '@toolshop/shared/site-config';
import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { adminStatusQueryOptions, loadIsAdmin, loadSessionUser, siteConfigQueryOptions } from '../lib/auth';
import { querySeed, SeededQueries } from '../lib/query-seed';
import { loadAsVisitor, loadFromApi, signedInVisitor } from '../lib/storefront';
import { DashboardLayout } from '../features/dashboard/pages/dashboard-layout';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = pageMeta({ title: 'Dashboard' });

/**
 * The first page, on the server (decision 061): the menu depends on the role, and an admin's frame says
 * when payments are a demo, so both are read before the frame is drawn and seeded for the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { email } = await signedInVisitor(context, request);
  const status = await loadAsVisitor<AdminStatus>(
    context,
    request,
    `/api/admin/${encodeURIComponent(email)}`,
  );
  return querySeed([
    [adminStatusQueryOptions(email).queryKey, status],
    ...(status.admin
      ? [[siteConfigQueryOptions().queryKey, await loadFromApi<SiteConfig>(context, '/api/config')] as const]
      : []),
  ]);
}

// Between screens, in the browser: the role is asked before the dashboard is drawn.
export async function clientLoader() {
  const user = await loadSessionUser();
  if (user) await loadIsAdmin(user.email);
  return null;
}

export function ErrorBoundary() {
  return <ScreenError what="your dashboard" />;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <SeededQueries seed={loaderData}>
      <DashboardLayout />
    </SeededQueries>
  );
}
