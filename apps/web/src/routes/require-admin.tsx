import { useLoaderData } from 'react-router';
import { ScreenError } from '../components/layout/screen-error';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { loadIsAdmin, loadSessionUser, signOutInLoader } from '../lib/auth';

export async function clientLoader() {
  const user = await loadSessionUser();
  // Signed out: RequireAuth above sends the visitor to /login, nobody to sign out here.
  if (!user) return { admin: false };
  const admin = await loadIsAdmin(user.email);
  if (!admin) await signOutInLoader();
  return { admin };
}

export function ErrorBoundary() {
  return <ScreenError what="your account's role" />;
}

export default function RequireAdminRoute() {
  return <RequireAdmin admin={useLoaderData<typeof clientLoader>().admin} />;
}
