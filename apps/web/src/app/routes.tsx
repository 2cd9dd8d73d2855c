import type { RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { PageSpinner } from '../components/ui/spinner';

/**
 * Every screen of SPEC §2. Each page is its own chunk, loaded when its route is first visited, so the
 * home page does not download the blog, the portfolio or (later) the dashboard.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
      },
      {
        path: 'blogs',
        lazy: async () => ({ Component: (await import('../features/blogs/pages/blogs-page')).BlogsPage }),
      },
      {
        path: 'portfolio',
        lazy: async () => ({
          Component: (await import('../features/portfolio/pages/portfolio-page')).PortfolioPage,
        }),
      },
      {
        path: 'purchase/:purchaseId',
        lazy: async () => ({
          Component: (await import('../features/tools/pages/purchase-page')).PurchasePage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
