import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Every screen (SPEC §2 and the catalogue of decision 024). Each file under routes/ is a route module: it loads
 * the screen's data and names it for search engines; the screen itself lives in its feature.
 */
export default [
  layout('routes/site.tsx', [
    index('routes/home.tsx'),
    route('tools', 'routes/catalogue.tsx'),
    route('tools/:id', 'routes/tool.tsx'),
    route('blogs', 'routes/blogs.tsx'),
    route('portfolio', 'routes/portfolio.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    layout('routes/require-auth.tsx', [
      route('purchase/:purchaseId', 'routes/purchase.tsx'),
      route('dashboard', 'routes/dashboard.tsx', [
        index('routes/dashboard.my-profile.tsx'),
        route('updateProfile', 'routes/dashboard.update-profile.tsx'),
        route('myOrders', 'routes/dashboard.my-orders.tsx'),
        route('payment/:id', 'routes/dashboard.payment.tsx'),
        route('addReview', 'routes/dashboard.add-review.tsx'),
        layout('routes/require-admin.tsx', [
          route('overview', 'routes/dashboard.overview.tsx'),
          route('activity', 'routes/dashboard.activity.tsx'),
          route('manageOrders', 'routes/dashboard.manage-orders.tsx'),
          route('makeAdmin', 'routes/dashboard.make-admin.tsx'),
          route('addProduct', 'routes/dashboard.add-product.tsx'),
          route('manageProduct', 'routes/dashboard.manage-products.tsx'),
          route('manageReviews', 'routes/dashboard.manage-reviews.tsx'),
        ]),
      ]),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
