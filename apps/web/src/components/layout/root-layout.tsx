import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { usePageTitle } from './page-title';
import { useFocusOnNavigation } from './use-focus-on-navigation';

export function RootLayout() {
  const navigation = useNavigation();
  usePageTitle();
  useFocusOnNavigation();

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      {navigation.state === 'loading' && (
        <progress
          className="progress progress-primary fixed inset-x-0 top-0 z-50 h-1"
          aria-label="Loading page"
        />
      )}
      <Navbar />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
