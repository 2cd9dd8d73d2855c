/**
 * Every page address, spelled once: the web app's route table (apps/web/src/routes.ts) and its links, the
 * server's mails and sitemap, the tests. A page moves by changing it here.
 */

/**
 * An address with one parameter: called with a value it gives the page's address, and its `pattern` is the
 * route the web app's route table declares (the parameter's name is the one the route module reads).
 */
function withParam(pattern: `${string}/:${string}`) {
  const address = (value: string) => pattern.replace(/:\w+$/, () => encodeURIComponent(value));
  return Object.assign(address, { pattern });
}

export const paths = {
  home: '/',
  tools: '/tools',
  tool: withParam('/tools/:id'),
  /** A category's page: the catalogue of that category, its own title and description (decision 055). */
  category: withParam('/tools/category/:slug'),
  purchase: withParam('/purchase/:purchaseId'),
  cart: '/cart',
  checkout: '/checkout',
  /** An order's own page: its number, lines, amounts and timeline (issue 27). */
  order: withParam('/orders/:orderId'),
  blogs: '/blogs',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  updateProfile: '/dashboard/updateProfile',
  myOrders: '/dashboard/myOrders',
  shopSettings: '/dashboard/settings',
  manageCategories: '/dashboard/categories',
  payment: withParam('/dashboard/payment/:id'),
  addReview: '/dashboard/addReview',
  overview: '/dashboard/overview',
  activity: '/dashboard/activity',
  manageOrders: '/dashboard/manageOrders',
  makeAdmin: '/dashboard/makeAdmin',
  addProduct: '/dashboard/addProduct',
  manageProducts: '/dashboard/manageProduct',
  manageReviews: '/dashboard/manageReviews',
  /** Buyers' reviews of the tools, which admins may hide (decision 057). */
  productReviews: '/dashboard/productReviews',
  /** The sitemap index, naming each file of the sitemap (sitemapFile). */
  sitemap: '/sitemap.xml',
  /** One file of the sitemap, counted from 1 (or the server route's parameter for it). */
  sitemapFile: (n: number | string) => `/sitemap-${n}.xml`,
} as const;

/** The public pages a search engine should know, besides one page per product. */
export const PUBLIC_PAGES = [paths.home, paths.tools, paths.blogs, paths.portfolio] as const;
