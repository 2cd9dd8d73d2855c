import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { registerSchema, type RegisterForm } from '@toolshop/shared/auth';
import { TextField } from '../../../components/form/text-field';
import { sessionKey } from '../api';
import { authClient, authErrorMessage } from '../auth-client';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';

export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({ resolver: zodResolver(registerSchema) });

  // Signing up sets the display name, mails the verification link (to /verify-email) and signs in.
  const onSubmit = handleSubmit(async (form) => {
    setAuthError(null);
    const { error } = await authClient.signUp.email({ ...form, callbackURL: '/verify-email' });
    if (error) {
      setAuthError(authErrorMessage(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    navigate('/', { replace: true });
  });

  return (
    <AuthCard title="Sign Up">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <FormAlert message={authError} />
        <SubmitButton busy={isSubmitting}>Sign Up</SubmitButton>
      </form>
      <p className="text-sm">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="link link-primary">
          Please login
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleButton callbackURL="/" />
    </AuthCard>
  );
}
