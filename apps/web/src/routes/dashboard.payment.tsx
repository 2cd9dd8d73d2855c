import { useRouteError } from 'react-router';
import { browserQueryClient } from '../lib/query-client';
import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { ApiError } from '../lib/api-client';
import { siteConfigQueryOptions } from '../lib/auth';
import { signedInScreen } from '../lib/screen-loaders';
import { paymentSummaryQueryOptions } from '../features/payments/api';
import { OrderNotFound } from '../features/payments/components/order-not-found';
import { PaymentPage } from '../features/payments/pages/payment-page';

export const meta = pageMeta({ title: 'Payment' });

export const clientLoader = signedInScreen((_user, { params }) =>
  Promise.all([
    browserQueryClient().ensureQueryData(paymentSummaryQueryOptions(params.id ?? '')),
    browserQueryClient().ensureQueryData(siteConfigQueryOptions()),
  ]),
);

/** A refusal (not found, not this buyer's) will not change on retry; anything else may. */
export function ErrorBoundary() {
  const error = useRouteError();
  const refused = error instanceof ApiError && error.status < 500;
  return refused ? <OrderNotFound /> : <ScreenError what="this order" />;
}

export default PaymentPage;
