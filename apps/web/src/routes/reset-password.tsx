import { pageMeta } from '../components/layout/page-meta';
import { runResetPassword } from '../features/auth/auth-requests';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import type { Route } from './+types/reset-password';

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runResetPassword(context, request);

export const meta: Route.MetaFunction = pageMeta({ title: 'Reset password' });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  return <ResetPasswordPage answer={actionData} />;
}
