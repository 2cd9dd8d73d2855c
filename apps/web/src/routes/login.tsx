import { pageMeta } from '../components/layout/page-meta';
import { LoginPage } from '../features/auth/pages/login-page';

export const meta = pageMeta({ title: 'Log in' });

export default LoginPage;
