import { browserQueryClient } from '../lib/query-client';
import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { ApiError } from '../lib/api-client';
import { siteConfigQueryOptions } from '../lib/auth';
import { loadSignedInScreen } from '../lib/screen-loaders';
import { paymentSummaryQueryOptions } from '../features/payments/api';
import { OrderNotFound } from '../features/payments/components/order-not-found';
import { PaymentPage } from '../features/payments/pages/payment-page';
import type { Route } from './+types/dashboard.payment';

export const meta: Route.MetaFunction = pageMeta({ title: 'Payment' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadSignedInScreen(args, (_user, { params }) =>
    Promise.all([
      browserQueryClient().ensureQueryData(paymentSummaryQueryOptions(params.id)),
      browserQueryClient().ensureQueryData(siteConfigQueryOptions()),
    ]),
  );

/** A refusal (not found, not this buyer's) will not change on retry; anything else may. */
// Drawn in the browser only (decision 061): the server sends the dashboard with a spinner in its place.
export { ScreenLoading as HydrateFallback } from '../components/ui/spinner';

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = error instanceof ApiError && error.status < 500;
  return refused ? <OrderNotFound /> : <ScreenError what="this order" />;
}

export default PaymentPage;
