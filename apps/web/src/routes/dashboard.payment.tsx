import { pageMeta } from '../components/layout/page-meta';
import { PaymentPage } from '../features/payments/pages/payment-page';

export const meta = pageMeta({ title: 'Payment' });

export default PaymentPage;
