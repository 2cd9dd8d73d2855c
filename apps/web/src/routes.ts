import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { paths } from '@toolshop/shared/paths';

/**
 * Every screen (SPEC §2 and the catalogue of decision 024). Each file under routes/ is a route module: it loads
 * the screen's data and names it for search engines; the screen itself lives in its feature. Addresses come
 * from packages/shared's paths (absolute, so each is spelled once, there), which the links use too.
 */
/**
 * A dashboard screen's address as its child route spells it: relative to the dashboard's (React Router's
 * type generation joins a child's path to its parent's, so an absolute child would be typed twice over).
 */
function inDashboard(path: string): string {
  const prefix = `${paths.dashboard}/`;
  if (!path.startsWith(prefix)) throw new Error(`${path} is not a dashboard screen`);
  return path.slice(prefix.length);
}

export default [
  layout('routes/site.tsx', [
    index('routes/home.tsx'),
    route(paths.tools, 'routes/catalogue.tsx'),
    route(paths.category.pattern, 'routes/category.tsx'),
    route(paths.tool.pattern, 'routes/tool.tsx'),
    route(paths.cart, 'routes/cart.tsx'),
    route(paths.order.pattern, 'routes/order.tsx'),
    route(paths.checkout, 'routes/checkout.tsx'),
    route(paths.blogs, 'routes/blogs.tsx'),
    route(paths.portfolio, 'routes/portfolio.tsx'),
    route(paths.verifyEmail, 'routes/verify-email.tsx'),
    route(paths.resetPassword, 'routes/reset-password.tsx'),
    layout('routes/query-cache.tsx', [
      route(paths.login, 'routes/login.tsx'),
      route(paths.register, 'routes/register.tsx'),
      layout('routes/require-auth.tsx', [
        route(paths.purchase.pattern, 'routes/purchase.tsx'),
        route(paths.dashboard, 'routes/dashboard.tsx', [
          index('routes/dashboard.my-profile.tsx'),
          route(inDashboard(paths.updateProfile), 'routes/dashboard.update-profile.tsx'),
          route(inDashboard(paths.myOrders), 'routes/dashboard.my-orders.tsx'),
          route(inDashboard(paths.payment.pattern), 'routes/dashboard.payment.tsx'),
          route(inDashboard(paths.addReview), 'routes/dashboard.add-review.tsx'),
          layout('routes/require-admin.tsx', [
            route(inDashboard(paths.overview), 'routes/dashboard.overview.tsx'),
            route(inDashboard(paths.activity), 'routes/dashboard.activity.tsx'),
            route(inDashboard(paths.manageOrders), 'routes/dashboard.manage-orders.tsx'),
            route(inDashboard(paths.makeAdmin), 'routes/dashboard.make-admin.tsx'),
            route(inDashboard(paths.addProduct), 'routes/dashboard.add-product.tsx'),
            route(inDashboard(paths.manageProducts), 'routes/dashboard.manage-products.tsx'),
            route(inDashboard(paths.manageReviews), 'routes/dashboard.manage-reviews.tsx'),
            route(inDashboard(paths.productReviews), 'routes/dashboard.product-reviews.tsx'),
            route(inDashboard(paths.shopSettings), 'routes/dashboard.settings.tsx'),
            route(inDashboard(paths.manageCategories), 'routes/dashboard.categories.tsx'),
          ]),
        ]),
      ]),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
