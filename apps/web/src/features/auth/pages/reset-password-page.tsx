import { paths } from '@toolshop/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { newPasswordSchema, type NewPasswordForm } from '@toolshop/shared/auth';
import { TextField } from '../../../components/form/text-field';
import { authClient, authErrorMessage } from '../../../lib/auth-client';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import type { AuthFormResult } from '../auth-requests';
import { useFormAnswer } from '../../../components/form/form-answer';

const PASSWORD_CHANGED = 'Your password has been changed. Please log in.';

/**
 * Where the mailed reset link lands: the server has put the token in the address. `answer`: the route
 * action's, when the form was sent before the scripts ran.
 */
export function ResetPasswordPage({ answer }: { answer?: AuthFormResult }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const sent = useFormAnswer(answer);
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({ resolver: zodResolver(newPasswordSchema) });

  const onSubmit = handleSubmit(async ({ password }) => {
    setAuthError(null);
    sent.clear();
    const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? '' });
    if (error) {
      setAuthError(authErrorMessage(error));
      return;
    }
    toast.success(PASSWORD_CHANGED);
    navigate(paths.login, { replace: true });
  });

  if (sent.done) {
    return (
      <AuthCard title="Password changed">
        <p className="text-center text-base-content/80" role="status">
          {PASSWORD_CHANGED}
        </p>
        <Link to={paths.login} className="btn btn-primary">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  if (!token || params.has('error')) {
    return (
      <AuthCard title="Link not valid">
        <p className="text-center text-base-content/80">
          This reset link is invalid or has expired. Ask for a new one from the login page.
        </p>
        <Link to={paths.login} className="btn btn-primary">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message ?? sent.fieldError('password')}
          {...register('password')}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message ?? sent.fieldError('confirmPassword')}
          {...register('confirmPassword')}
        />
        <FormAlert message={authError ?? sent.message} />
        <SubmitButton busy={isSubmitting} postsWithoutScripts>
          Save the new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
