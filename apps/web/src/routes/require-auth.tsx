import { useEffect } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useRevalidator } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { ScreenError } from '../components/layout/screen-error';
import { loadSessionUser, sessionQueryOptions } from '../lib/auth';
import { loginRedirect } from '../lib/login-redirect';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { isNotFound, signedInVisitor } from '../lib/storefront';
import type { Route } from './+types/require-auth';

// SPEC §4: a signed-out visitor is sent to /login, remembering where they were going. The first page is
// rendered on the server from the session cookie (decision 061): the screens below that have a server
// loader arrive drawn; the others bring their own HydrateFallback inside the frame around them.
export async function loader({ request, context }: Route.LoaderArgs) {
  await signedInVisitor(context, request);
  return null;
}

// Between screens, in the browser: the session read there (decision 026).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!(await loadSessionUser())) throw loginRedirect(request);
  return null;
}

// Besides a session that could not be read, this boundary catches what the screens below throw: an unknown
// product to buy (/purchase/:id) is the not-found page here too.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isNotFound(error) ? <NotFoundPage /> : <ScreenError what="your session" />;
}

/**
 * The loader decided who may enter. Reading the session here too means a session that ends while the
 * screen is open (a sign-out in another tab, seen when this one is focused again) runs the loaders again,
 * and the loader sends the visitor to /login.
 */
export default function RequireAuth() {
  const { data: user } = useSuspenseQuery(sessionQueryOptions());
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!user) void revalidate();
  }, [user, revalidate]);
  return user ? <Outlet /> : <PageSpinner />;
}
