import type { RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { PageSpinner } from '../components/ui/spinner';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';

/**
 * Every screen of SPEC §2. Each page is its own chunk, loaded when its route is first visited, so the
 * home page does not download the blog, the portfolio or the dashboard.
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
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/register-page')).RegisterPage,
        }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            path: 'purchase/:purchaseId',
            lazy: async () => ({
              Component: (await import('../features/tools/pages/purchase-page')).PurchasePage,
            }),
          },
          {
            path: 'dashboard',
            lazy: async () => ({
              Component: (await import('../features/dashboard/pages/dashboard-layout')).DashboardLayout,
            }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/profile/pages/my-profile-page')).MyProfilePage,
                }),
              },
              {
                path: 'updateProfile',
                lazy: async () => ({
                  Component: (await import('../features/profile/pages/update-profile-page'))
                    .UpdateProfilePage,
                }),
              },
              {
                path: 'myOrders',
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/my-orders-page')).MyOrdersPage,
                }),
              },
              {
                path: 'payment/:id',
                lazy: async () => ({
                  Component: (await import('../features/payments/pages/payment-page')).PaymentPage,
                }),
              },
              {
                path: 'addReview',
                lazy: async () => ({
                  Component: (await import('../features/reviews/pages/add-review-page')).AddReviewPage,
                }),
              },
              {
                Component: RequireAdmin,
                children: [
                  {
                    path: 'manageOrders',
                    lazy: async () => ({
                      Component: (await import('../features/orders/pages/manage-orders-page'))
                        .ManageOrdersPage,
                    }),
                  },
                  {
                    path: 'makeAdmin',
                    lazy: async () => ({
                      Component: (await import('../features/users/pages/make-admin-page')).MakeAdminPage,
                    }),
                  },
                  {
                    path: 'addProduct',
                    lazy: async () => ({
                      Component: (await import('../features/catalogue-admin/pages/add-product-page'))
                        .AddProductPage,
                    }),
                  },
                  {
                    path: 'manageProduct',
                    lazy: async () => ({
                      Component: (await import('../features/catalogue-admin/pages/manage-products-page'))
                        .ManageProductsPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
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
