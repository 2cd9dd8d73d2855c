import type { RouteObject } from 'react-router';
import type { PageHandle } from '../components/layout/page-title';
import { RootLayout } from '../components/layout/root-layout';
import { RouteErrorPage } from '../components/layout/route-error-page';
import { PageSpinner } from '../components/ui/spinner';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';

const page = (title: string): PageHandle => ({ title });

/**
 * Every screen of SPEC §2. Each page is its own chunk, loaded when its route is first visited, so the
 * home page does not download the blog, the portfolio or the dashboard. A route's `handle` names its screen
 * for the document title (RootLayout).
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
        handle: page('Blogs'),
        lazy: async () => ({ Component: (await import('../features/blogs/pages/blogs-page')).BlogsPage }),
      },
      {
        path: 'portfolio',
        handle: page('My Portfolio'),
        lazy: async () => ({
          Component: (await import('../features/portfolio/pages/portfolio-page')).PortfolioPage,
        }),
      },
      {
        path: 'login',
        handle: page('Log in'),
        lazy: async () => ({ Component: (await import('../features/auth/pages/login-page')).LoginPage }),
      },
      {
        path: 'register',
        handle: page('Sign up'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/register-page')).RegisterPage,
        }),
      },
      {
        path: 'verify-email',
        handle: page('Verify e-mail'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/verify-email-page')).VerifyEmailPage,
        }),
      },
      {
        path: 'reset-password',
        handle: page('Reset password'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            path: 'purchase/:purchaseId',
            handle: page('Purchase'),
            lazy: async () => ({
              Component: (await import('../features/tools/pages/purchase-page')).PurchasePage,
            }),
          },
          {
            path: 'dashboard',
            handle: page('Dashboard'),
            lazy: async () => ({
              Component: (await import('../features/dashboard/pages/dashboard-layout')).DashboardLayout,
            }),
            children: [
              {
                index: true,
                handle: page('My Profile'),
                lazy: async () => ({
                  Component: (await import('../features/profile/pages/my-profile-page')).MyProfilePage,
                }),
              },
              {
                path: 'updateProfile',
                handle: page('Update Profile'),
                lazy: async () => ({
                  Component: (await import('../features/profile/pages/update-profile-page'))
                    .UpdateProfilePage,
                }),
              },
              {
                path: 'myOrders',
                handle: page('My Orders'),
                lazy: async () => ({
                  Component: (await import('../features/orders/pages/my-orders-page')).MyOrdersPage,
                }),
              },
              {
                path: 'payment/:id',
                handle: page('Payment'),
                lazy: async () => ({
                  Component: (await import('../features/payments/pages/payment-page')).PaymentPage,
                }),
              },
              {
                path: 'addReview',
                handle: page('Add A Review'),
                lazy: async () => ({
                  Component: (await import('../features/reviews/pages/add-review-page')).AddReviewPage,
                }),
              },
              {
                Component: RequireAdmin,
                children: [
                  {
                    path: 'overview',
                    handle: page('Sales Overview'),
                    lazy: async () => ({
                      Component: (await import('../features/admin/pages/overview-page')).OverviewPage,
                    }),
                  },
                  {
                    path: 'activity',
                    handle: page('Activity Log'),
                    lazy: async () => ({
                      Component: (await import('../features/admin/pages/activity-page')).ActivityPage,
                    }),
                  },
                  {
                    path: 'manageOrders',
                    handle: page('Manage All Orders'),
                    lazy: async () => ({
                      Component: (await import('../features/orders/pages/manage-orders-page'))
                        .ManageOrdersPage,
                    }),
                  },
                  {
                    path: 'makeAdmin',
                    handle: page('Make Admin'),
                    lazy: async () => ({
                      Component: (await import('../features/users/pages/make-admin-page')).MakeAdminPage,
                    }),
                  },
                  {
                    path: 'addProduct',
                    handle: page('Add a Product'),
                    lazy: async () => ({
                      Component: (await import('../features/catalogue-admin/pages/add-product-page'))
                        .AddProductPage,
                    }),
                  },
                  {
                    path: 'manageProduct',
                    handle: page('Manage All Products'),
                    lazy: async () => ({
                      Component: (await import('../features/catalogue-admin/pages/manage-products-page'))
                        .ManageProductsPage,
                    }),
                  },
                  {
                    path: 'manageReviews',
                    handle: page('Manage Reviews'),
                    lazy: async () => ({
                      Component: (await import('../features/reviews/pages/manage-reviews-page'))
                        .ManageReviewsPage,
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
        handle: page('Page not found'),
        lazy: async () => ({
          Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
];
