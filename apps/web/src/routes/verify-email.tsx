import { pageMeta } from '../components/layout/page-meta';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import type { Route } from './+types/verify-email';

export const meta: Route.MetaFunction = pageMeta({ title: 'Verify e-mail' });

export default VerifyEmailPage;
