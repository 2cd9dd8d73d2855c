import { pageMeta } from '../components/layout/page-meta';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = pageMeta({ title: 'Reset password' });

export default ResetPasswordPage;
