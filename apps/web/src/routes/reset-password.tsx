import { pageMeta } from '../components/layout/page-meta';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';

export const meta = pageMeta({ title: 'Reset password' });

export default ResetPasswordPage;
