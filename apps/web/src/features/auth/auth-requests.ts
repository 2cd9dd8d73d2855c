import { data, redirect, type AppLoadContext } from 'react-router';
import { confirmEmailSchema, loginSchema, newPasswordSchema, registerSchema } from '@toolshop/shared/auth';
import { authErrorMessage } from '../../lib/auth-client';
import { readForm, refused, textFields, type FormRefusal } from '../../lib/form-actions';
import { redirectTarget } from './components/redirect-target';

/** What an account form's route action answers its page: refused, or done (with the address it concerned). */
export type AuthFormResult = FormRefusal | { ok: true; email?: string };

/**
 * Better Auth's endpoint called as the visitor (their cookies, address and origin, so its rate limits and
 * cross-site check apply as to the browser's own call); its session cookie, if it sets one, goes back on
 * the page's response. Answers its status, and the message of a refusal (null when it went through).
 */
async function callAuth(
  context: AppLoadContext,
  path: string,
  body: object,
): Promise<{ status: number; message: string | null }> {
  const answer = await context.storefront.send<{ code?: string; message?: string } | undefined>(
    'POST',
    `/api/auth${path}`,
    body,
  );
  if (answer.status < 400) return { status: answer.status, message: null };
  return { status: answer.status, message: authErrorMessage({ ...answer.body, status: answer.status }) };
}

// The pages' account forms post here before their scripts run (after, they call Better Auth from the
// browser): a plain form would otherwise send its password in the address, where logs and history keep it.

/** Login: signed in, the visitor goes where a guard sent them from (else home). */
export async function runLogin(context: AppLoadContext, request: Request) {
  const sent = await textFields(request, ['email', 'password']);
  const { value, refusal } = readForm(loginSchema, sent);
  if (refusal) return refusal;
  const { status, message } = await callAuth(context, '/sign-in/email', value);
  if (message) return refused(status, sent, { message });
  return redirect(redirectTarget(new URL(request.url).search));
}

/** Sign up: the page then says to check the inbox (decision 014). */
export async function runRegister(context: AppLoadContext, request: Request) {
  const sent = await textFields(request, ['name', 'email', 'password']);
  const { value, refusal } = readForm(registerSchema, sent);
  if (refusal) return refusal;
  const { status, message } = await callAuth(context, '/sign-up/email', value);
  if (message) return refused(status, sent, { message });
  return data<AuthFormResult>({ ok: true, email: value.email });
}

/** A new password, with the mailed link's token from the address. */
export async function runResetPassword(context: AppLoadContext, request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const sent = await textFields(request, ['password', 'confirmPassword']);
  const { value, refusal } = readForm(newPasswordSchema, sent);
  if (refusal) return refusal;
  const { status, message } = await callAuth(context, '/reset-password', {
    newPassword: value.password,
    token,
  });
  if (message) return refused(status, sent, { message });
  return data<AuthFormResult>({ ok: true });
}

/** Confirming an address: the mailed link's token from the address, and the password chosen at sign-up. */
export async function runConfirmEmail(context: AppLoadContext, request: Request) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const sent = { ...(await textFields(request, ['password'])), token };
  const { value, refusal } = readForm(confirmEmailSchema, sent);
  if (refusal) return refusal;
  const { status, message } = await callAuth(context, '/confirm-email', value);
  if (message) return refused(status, sent, { message });
  return data<AuthFormResult>({ ok: true });
}
