// First: before any module builds a schema.
import './shell/zod-in-the-browser';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import { Toasts } from './components/ui/toasts';
import { notePageSession } from './lib/page-session';
import { InlineStyles } from './shell/inline-styles';
import interBasic from './shell/fonts/inter-basic.woff2?url';
import type { Route } from './+types/root';

/**
 * Who is signed in, read from the session cookie while the page renders, so the first HTML already has
 * the right navbar (no signed-out flash); read again whenever the session may have changed (below).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [user, cartLines] = await Promise.all([
    context.storefront.user(),
    // The navbar's CART count, in the first HTML: no flash, no shift once the scripts run.
    context.storefront.cartLineCount(),
  ]);
  return { user, cartLines, publicUrl: context.storefront.publicUrl };
}

// The typeface's basic face (the letters and signs English text uses), fetched while the HTML arrives rather
// than once the first layout asks for it: with `font-display: optional`, a face that is not there when the
// text is first drawn is skipped for the whole page, so without this a first visit was always drawn in the
// fallback font (decisions 028, 031).
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interBasic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' } as const,
];

/**
 * The session and the cart's count are read again when React Router's own rule says so (a form sent to an
 * action, `revalidate()` after a sign-in or sign-out, a redirect to /login carrying where the visitor was
 * going), but not when a page only changes its query string: the catalogue's filters and sorts would each
 * cost a session read.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return true;
  const sameScreenNewQuery = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return defaultShouldRevalidate && !sameScreenNewQuery;
};

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-theme="toolshop">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f172a" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <Meta />
        <Links />
        <InlineStyles />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  if (typeof document !== 'undefined') notePageSession(loaderData, loaderData.user);
  return (
    <>
      <Outlet />
      <Toasts />
    </>
  );
}

export { RouteErrorPage as ErrorBoundary } from './components/layout/route-error-page';
