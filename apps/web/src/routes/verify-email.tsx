import { pageMeta } from '../components/layout/page-meta';
import { runConfirmEmail } from '../features/auth/auth-requests';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import type { Route } from './+types/verify-email';

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runConfirmEmail(context, request);

export const meta: Route.MetaFunction = pageMeta({ title: 'Verify e-mail' });

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  return <VerifyEmailPage answer={actionData} />;
}
