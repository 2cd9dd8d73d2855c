import { adminNotices } from '@toolshop/shared/messages';
import { useSiteConfig } from '../../../lib/auth';

/** Decision 010: without Stripe keys the shop takes no real money, and its admins must not miss that. */
export function DemoPaymentsBanner() {
  const config = useSiteConfig();
  if (config.data?.payments.mode !== 'demo') return null;
  return (
    <div role="status" className="alert alert-warning mb-6">
      <span>{adminNotices.demoPayments}</span>
    </div>
  );
}
