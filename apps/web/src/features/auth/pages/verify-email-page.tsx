import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sessionKey } from '../api';
import { AuthCard } from '../components/auth-card';

/** Where the verification link lands after the server has checked it (Better Auth adds ?error=… on failure). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const failed = params.has('error');

  // Verifying signs the user in: make the navbar and guards see the new session.
  useEffect(() => {
    if (!failed) void queryClient.invalidateQueries({ queryKey: sessionKey });
  }, [failed, queryClient]);

  return (
    <AuthCard title={failed ? 'Link not valid' : 'E-mail confirmed'}>
      <p className="text-center text-base-content/80" role="status">
        {failed
          ? 'This confirmation link is invalid or has expired. Sign in and ask for a new one from your profile.'
          : 'Thank you: your e-mail address is confirmed.'}
      </p>
      <Link to={failed ? '/login' : '/dashboard'} className="btn btn-primary">
        {failed ? 'Go to login' : 'Go to my dashboard'}
      </Link>
    </AuthCard>
  );
}
