import { pageMeta } from '../components/layout/page-meta';
import { LoginPage } from '../features/auth/pages/login-page';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = pageMeta({ title: 'Log in' });

export default LoginPage;
