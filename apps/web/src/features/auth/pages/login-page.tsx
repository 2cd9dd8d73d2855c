import { paths } from '@toolshop/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { loginSchema, type LoginForm } from '@toolshop/shared/auth';
import { toasts } from '@toolshop/shared/messages';
import { TextField } from '../../../components/form/text-field';
import { sessionKey } from '../../../lib/auth';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { redirectTarget } from '../components/redirect-target';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { useHydrated } from '../../../lib/use-hydrated';
import type { AuthFormResult } from '../auth-requests';
import { useFormAnswer } from '../../../components/form/form-answer';

/** `answer`: the route action's, when the form was sent before the scripts ran. */
export function LoginPage({ answer }: { answer?: AuthFormResult }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { revalidate } = useRevalidator();
  const [authError, setAuthError] = useState<string | null>(null);
  const target = redirectTarget(location.search);
  const hydrated = useHydrated();
  const sent = useFormAnswer(answer);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setAuthError(null);
    sent.clear();
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      setAuthError(authErrorMessage(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    // The navbar and the cart's count (a visitor's cart is merged into the account's) as the server has them now.
    await revalidate();
    await navigate(target, { replace: true });
  });

  async function resetPassword() {
    const email = getValues('email')?.trim();
    if (!email) {
      toast.error(toasts.enterYourEmail);
      return;
    }
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
    if (error) toast.error(authErrorMessage(error));
    else toast.success(toasts.resetEmailSent);
  }

  return (
    <AuthCard title="Login">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={sent.typed('email')}
          error={errors.email?.message ?? sent.fieldError('email')}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message ?? sent.fieldError('password')}
          {...register('password')}
        />
        <FormAlert message={authError ?? sent.message} />
        <SubmitButton busy={isSubmitting} postsWithoutScripts>
          Login
        </SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          New to Toolshop?{' '}
          <Link to={{ pathname: paths.register, search: location.search }} className="link link-primary">
            Create new account
          </Link>
        </span>
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          onClick={resetPassword}
          disabled={!hydrated}
        >
          Reset Password
        </button>
      </div>
      <div className="divider my-0">OR</div>
      <GoogleButton callbackURL={target} />
    </AuthCard>
  );
}
