import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { Footer } from './footer';
import { Navbar, type AccountControls } from './navbar';
import { useFocusOnNavigation } from './use-focus-on-navigation';

/**
 * The navbar, the page and the footer: every screen, the not-found page included. `cartLines`: the
 * navbar's CART count, as the server read it for this page; `search`: the navbar's search box.
 */
export function SiteChrome({
  account,
  cartLines,
  search,
  children,
}: {
  account: AccountControls;
  cartLines: number;
  search: ReactNode;
  children: ReactNode;
}) {
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
      {/* The first Tab stop: past the navbar's links to the page itself (WCAG 2.4.1). Kept above the
          window until focused, so it is drawn as the button it is when it shows. */}
      <a
        href="#main"
        className="btn btn-primary fixed top-3 left-3 z-50 -translate-y-[200%] focus:translate-y-0"
      >
        Skip to main content
      </a>
      <Navbar account={account} cartLines={cartLines} search={search} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
