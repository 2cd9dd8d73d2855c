import { pageMeta } from '../components/layout/page-meta';
import { runLogin } from '../features/auth/auth-requests';
import { LoginPage } from '../features/auth/pages/login-page';
import type { Route } from './+types/login';

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runLogin(context, request);

export const meta: Route.MetaFunction = pageMeta({ title: 'Log in' });

export default function Login({ actionData }: Route.ComponentProps) {
  return <LoginPage answer={actionData} />;
}
