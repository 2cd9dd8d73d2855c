import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { PageSpinner } from '../components/ui/spinner';
import { ScreenError } from '../components/layout/screen-error';
import { loadSessionUser, sessionQueryOptions } from '../lib/auth';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { isNotFound } from '../lib/storefront';
import type { Route } from './+types/require-auth';

// Screens behind sign-in are drawn in the browser only (decision 024): the server sends the spinner, and
// every screen below loads its data before it is drawn.
export const clientLoader = async () => {
  await loadSessionUser();
  return null;
};

export const HydrateFallback = PageSpinner;

// Besides a session that could not be read, this boundary catches what the screens below throw: an unknown
// product to buy (/purchase/:id) is the not-found page here too.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isNotFound(error) ? <NotFoundPage /> : <ScreenError what="your session" />;
}

/**
 * SPEC §4: a guarded page sends a signed-out visitor to /login, remembering where they were going. The
 * loader has read the session; reading it here too means a sign-out elsewhere on the page (the navbar)
 * leaves the guarded screen at once.
 */
export default function RequireAuth() {
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
