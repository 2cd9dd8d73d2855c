import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { Footer } from './footer';
import { Navbar, type AccountControls } from './navbar';
import { useFocusOnNavigation } from './use-focus-on-navigation';

/** The navbar, the page and the footer: every screen, the not-found page included. */
export function SiteChrome({ account, children }: { account: AccountControls; children: ReactNode }) {
  const navigation = useNavigation();
  useFocusOnNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      {navigation.state === 'loading' && (
        <progress
          className="progress progress-primary fixed inset-x-0 top-0 z-50 h-1"
          aria-label="Loading page"
        />
      )}
      <Navbar account={account} />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
