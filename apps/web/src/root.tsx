// First: before any module builds a schema.
import './shell/zod-in-the-browser';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import { AppProviders } from './shell/providers';
import { browserQueryClient, pageQueryClient } from './lib/query-client';
import { sessionKey } from './lib/auth';
import { InlineStyles } from './shell/inline-styles';
import interBasic from './shell/fonts/inter-basic.woff2?url';
import type { Route } from './+types/root';

/**
 * Who is signed in, read from the session cookie while the page renders, so the first HTML already has
 * the right navbar (no signed-out flash). From then on the session query of the client keeps it.
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

// The session seeds the client's query cache once; asking again on every navigation would cost a query.
// A form sent to an action (a cart's) may change the cart's count: then it is read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== 'GET';

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

export default function App({ loaderData: { user } }: Route.ComponentProps) {
  const [queryClient] = useState(() => {
    // In the browser, the cache the route loaders fill; on the server, one for this page alone.
    const client = typeof document === 'undefined' ? pageQueryClient() : browserQueryClient();
    client.setQueryData(sessionKey, user);
    return client;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <Outlet />
    </AppProviders>
  );
}

export { RouteErrorPage as ErrorBoundary } from './components/layout/route-error-page';
