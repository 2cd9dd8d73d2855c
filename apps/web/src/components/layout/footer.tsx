import { Link } from 'react-router';
import { COPYRIGHT_START_YEAR } from '@toolshop/shared/constants';
import { publicNavLinks } from './nav-links';

export function copyrightYears(now: Date = new Date()): string {
  const year = now.getFullYear();
  return year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : `${COPYRIGHT_START_YEAR}`;
}

export function Footer() {
  return (
    <footer className="bg-secondary text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <img src="/images/site/logo.svg" alt="" className="size-8" width="32" height="32" />
            Tool<span className="-ml-2 text-primary-on-dark">shop</span>
          </p>
          <p className="mt-3 max-w-xs text-sm">
            Tested tools for technicians who open up laptops, phones and desktops every day.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {publicNavLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-primary-on-dark">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="font-semibold tracking-wide text-white">Wholesale orders</h2>
          <p className="mt-3">
            Every tool ships in repair-shop quantities, with its minimum order shown on the card.
          </p>
        </div>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm">
        {/* A kept page may have been rendered last year, or in another time zone: the browser's year wins. */}
        <p suppressHydrationWarning>Copyright © {copyrightYears()} Toolshop. All rights reserved.</p>
      </div>
    </footer>
  );
}
