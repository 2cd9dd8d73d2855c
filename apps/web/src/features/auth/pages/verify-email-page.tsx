import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { confirmEmailSchema, type ConfirmEmailForm } from '@toolshop/shared/auth';
import { TextField } from '../../../components/form/text-field';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { AuthCard } from '../components/auth-card';
import { paths } from '@toolshop/shared/paths';
import type { AuthFormResult } from '../auth-requests';
import { useFormAnswer } from '../../../components/form/form-answer';

/**
 * Where the mailed confirmation link lands. Confirming takes the password chosen at sign-up as well
 * (decision 014), and signs no one in: a browser signed in to another account stays as it is. `answer`:
 * the route action's, when the form was sent before the scripts ran.
 */
export function VerifyEmailPage({ answer }: { answer?: AuthFormResult }) {
  const [params] = useSearchParams();
  const sent = useFormAnswer(answer);
  const [confirmed, setConfirmed] = useState(sent.done !== undefined);
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmEmailForm>({
    resolver: zodResolver(confirmEmailSchema),
    defaultValues: { token: params.get('token') ?? '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    setAuthError(null);
    sent.clear();
    const { error } = await authClient.$fetch('/confirm-email', { method: 'POST', body: form });
    if (error) setAuthError(authErrorMessage(error));
    else setConfirmed(true);
  });

  if (confirmed) {
    return (
      <AuthCard title="E-mail confirmed">
        <p className="text-center text-base-content/80" role="status">
          Thank you: your e-mail address is confirmed.
        </p>
        <Link to={paths.login} className="btn btn-primary">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your e-mail">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-base-content/80">Enter the password you chose when you signed up.</p>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={
            errors.password?.message ??
            errors.token?.message ??
            sent.fieldError('password') ??
            sent.fieldError('token')
          }
          {...register('password')}
        />
        <FormAlert message={authError ?? sent.message} />
        <SubmitButton busy={isSubmitting} postsWithoutScripts>
          Confirm my e-mail
        </SubmitButton>
      </form>
      <p className="text-sm">
        Did not sign up yourself?{' '}
        <Link to={paths.register} className="link link-primary">
          Sign up
        </Link>{' '}
        to choose your own password.
      </p>
    </AuthCard>
  );
}
