import { pageMeta } from '../components/layout/page-meta';
import { RegisterPage } from '../features/auth/pages/register-page';

export const meta = pageMeta({ title: 'Sign up' });

export default RegisterPage;
