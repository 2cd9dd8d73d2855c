import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { accountMessages, registerSchema, type RegisterForm } from '@toolshop/shared/auth';
import { TextField } from '../../../components/form/text-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { paths } from '@toolshop/shared/paths';
import type { AuthFormResult } from '../auth-requests';
import { useFormAnswer } from '../../../components/form/form-answer';

/** `answer`: the route action's, when the form was sent before the scripts ran. */
export function RegisterPage({ answer }: { answer?: AuthFormResult }) {
  const location = useLocation();
  const sent = useFormAnswer(answer);
  const [authError, setAuthError] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(sent.done?.email ?? null);
  const [resent, setResent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ resolver: zodResolver(registerSchema) });

  // Signing up mails a confirmation link and signs no one in (decision 014): the page says to check the
  // inbox instead of going to /, and the answer is the same whether or not the address had an account.
  const onSubmit = handleSubmit(async (form) => {
    setAuthError(null);
    sent.clear();
    const { error } = await authClient.signUp.email(form);
    if (error) {
      setAuthError(authErrorMessage(error));
      return;
    }
    setPendingEmail(form.email);
  });

  async function resend() {
    if (!pendingEmail) return;
    const { error } = await authClient.sendVerificationEmail({ email: pendingEmail });
    if (error) setAuthError(authErrorMessage(error));
    else setResent(true);
  }

  if (pendingEmail) {
    return (
      <AuthCard title="Check your inbox">
        <p className="text-center text-base-content/80" role="status">
          {accountMessages.checkInbox}
        </p>
        <p className="text-center text-sm break-all">{pendingEmail}</p>
        <FormAlert message={authError} />
        <button type="button" className="btn btn-outline" onClick={() => void resend()} disabled={resent}>
          {resent ? 'Sent again' : 'Send the link again'}
        </button>
        <Link to={paths.login} className="link link-primary text-sm">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign Up">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Name"
          autoComplete="name"
          defaultValue={sent.typed('name')}
          error={errors.name?.message ?? sent.fieldError('name')}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message ?? sent.fieldError('password')}
          {...register('password')}
        />
        <FormAlert message={authError ?? sent.message} />
        <SubmitButton busy={isSubmitting} postsWithoutScripts>
          Sign Up
        </SubmitButton>
      </form>
      <p className="text-sm">
        Already have an account?{' '}
        <Link to={{ pathname: paths.login, search: location.search }} className="link link-primary">
          Please login
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleButton callbackURL="/" />
    </AuthCard>
  );
}
