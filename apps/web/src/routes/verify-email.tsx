import { pageMeta } from '../components/layout/page-meta';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';

export const meta = pageMeta({ title: 'Verify e-mail' });

export default VerifyEmailPage;
