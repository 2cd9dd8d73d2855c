import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { dashboardLink, loginLink, publicNavLinks } from './nav-links';
import { useHydrated } from '../../lib/use-hydrated';
import { LineIcon } from '../ui/line-icon';
import { paths } from '@toolshop/shared/paths';

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-semibold tracking-wide transition-colors ${
    isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
  }`;
}

/** What the navbar needs of the visitor's account; use-account-controls provides it. */
export interface AccountControls {
  signedIn: boolean;
  /** A sign-out is on its way. */
  busy: boolean;
  /** Ends the session (SPEC §2: and goes home), then calls `done`. */
  logOut: (done?: () => void) => void;
}

function NavItems({ account, onNavigate }: { account: AccountControls; onNavigate?: () => void }) {
  const { signedIn } = account;
  const hydrated = useHydrated();
  const links = signedIn ? [...publicNavLinks, dashboardLink] : publicNavLinks;

  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className={navLinkClass} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        {signedIn ? (
          <button
            type="button"
            className={navLinkClass({ isActive: false })}
            onClick={() => account.logOut(onNavigate)}
            disabled={account.busy || !hydrated}
          >
            LOG OUT
          </button>
        ) : (
          <NavLink to={loginLink.to} className={navLinkClass} onClick={onNavigate}>
            {loginLink.label}
          </NavLink>
        )}
      </li>
    </>
  );
}

/** CART and its number of lines: beside the menu button, so it shows on every width without opening it. */
function CartLink({ lines }: { lines: number }) {
  return (
    <NavLink to={paths.cart} className={(state) => `${navLinkClass(state)} flex items-center gap-2`}>
      {/* The space keeps the name "CART 2 lines" for assistive technology; the gap draws it. */}
      {'CART '}
      <span className="badge badge-primary badge-sm min-w-6 font-bold">
        {lines} <span className="sr-only">{lines === 1 ? 'line' : 'lines'}</span>
      </span>
    </NavLink>
  );
}

/** `search`: the catalogue's search box, on the bar from a tablet's width up, on a row of its own below. */
export function Navbar({
  account,
  cartLines,
  search,
}: {
  account: AccountControls;
  cartLines: number;
  search: ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  // Escape closes the open menu wherever focus is, and returns focus to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 bg-secondary/95 text-secondary-content shadow-lg backdrop-blur">
      <nav aria-label="Main">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 py-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-extrabold text-white">
            <img src="/images/site/logo.svg" alt="" className="size-9" width="36" height="36" />
            <span>
              Tool<span className="text-primary-on-dark">shop</span>
            </span>
          </Link>

          <div className="order-last mt-2 w-full md:order-none md:mt-0 md:max-w-sm md:flex-1">{search}</div>

          <div className="flex items-center gap-1">
            <ul className="hidden items-center gap-1 lg:flex">
              <NavItems account={account} />
            </ul>
            <CartLink lines={cartLines} />

            <button
              ref={menuButton}
              type="button"
              className="btn btn-ghost btn-square text-white lg:hidden"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              // Only while the menu exists: a reference to a missing id is invalid HTML (decision 040).
              aria-controls={menuOpen ? 'mobile-menu' : undefined}
              onClick={() => setMenuOpen((open) => !open)}
              disabled={!hydrated}
            >
              <LineIcon className="size-6">
                {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </LineIcon>
            </button>
          </div>
        </div>

        {menuOpen && (
          <ul
            id="mobile-menu"
            className="flex flex-col gap-1 border-t border-white/10 px-4 pb-4 pt-2 lg:hidden"
          >
            {/* The menu covers the page: close it once the visitor has picked a destination. */}
            <NavItems account={account} onNavigate={() => setMenuOpen(false)} />
          </ul>
        )}
      </nav>
    </header>
  );
}
