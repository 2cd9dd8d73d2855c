import { pageMeta } from '../components/layout/page-meta';
import { runRegister } from '../features/auth/auth-requests';
import { RegisterPage } from '../features/auth/pages/register-page';
import type { Route } from './+types/register';

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runRegister(context, request);

export const meta: Route.MetaFunction = pageMeta({ title: 'Sign up' });

export default function Register({ actionData }: Route.ComponentProps) {
  return <RegisterPage answer={actionData} />;
}
