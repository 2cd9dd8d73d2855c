import { useRouteError } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { ScreenError } from '../components/layout/screen-error';
import { RequireAuth } from '../features/auth/components/require-auth';
import { loadSessionUser } from '../lib/auth';
import { NotFoundPage } from '../features/not-found/pages/not-found-page';
import { isNotFound } from '../lib/storefront';

// Screens behind sign-in are drawn in the browser only (decision 024): the server sends the spinner, and
// every screen below loads its data before it is drawn.
export const clientLoader = async () => {
  await loadSessionUser();
  return null;
};

export const HydrateFallback = PageSpinner;

// Besides a session that could not be read, this boundary catches what the screens below throw: an unknown
// product to buy (/purchase/:id) is the not-found page here too.
export function ErrorBoundary() {
  return isNotFound(useRouteError()) ? <NotFoundPage /> : <ScreenError what="your session" />;
}

export default RequireAuth;
