/**
 * Every page address that more than one place spells: the web app's links, the server's mails and sitemap,
 * the tests. A page moves by changing it here (and its route in apps/web/src/routes.ts).
 */
const id = (value: string) => encodeURIComponent(value);

export const paths = {
  home: '/',
  tools: '/tools',
  tool: (toolId: string) => `/tools/${id(toolId)}`,
  purchase: (toolId: string) => `/purchase/${id(toolId)}`,
  blogs: '/blogs',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  updateProfile: '/dashboard/updateProfile',
  myOrders: '/dashboard/myOrders',
  payment: (orderId: string) => `/dashboard/payment/${id(orderId)}`,
  addReview: '/dashboard/addReview',
  overview: '/dashboard/overview',
  activity: '/dashboard/activity',
  manageOrders: '/dashboard/manageOrders',
  makeAdmin: '/dashboard/makeAdmin',
  addProduct: '/dashboard/addProduct',
  manageProducts: '/dashboard/manageProduct',
  manageReviews: '/dashboard/manageReviews',
  sitemap: '/sitemap.xml',
} as const;

/** The public pages a search engine should know, besides one page per product. */
export const PUBLIC_PAGES = [paths.home, paths.tools, paths.blogs, paths.portfolio] as const;
