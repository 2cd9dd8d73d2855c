import { pageMeta } from '../components/layout/page-meta';
import { RegisterPage } from '../features/auth/pages/register-page';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = pageMeta({ title: 'Sign up' });

export default RegisterPage;
