import { paths } from '@toolshop/shared/paths';

/** SPEC §2's dashboard menu: everyone sees My Profile; customers and admins see their own screens. */
export interface DashboardLink {
  to: string;
  label: string;
}

const everyone: DashboardLink[] = [{ to: paths.dashboard, label: 'My Profile' }];

const customers: DashboardLink[] = [
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.addReview, label: 'Add A Review' },
];

const admins: DashboardLink[] = [
  { to: paths.overview, label: 'Sales Overview' },
  { to: paths.manageOrders, label: 'Manage All Orders' },
  { to: paths.addProduct, label: 'Add a Product' },
  { to: paths.makeAdmin, label: 'Make Admin' },
  { to: paths.manageProducts, label: 'Manage All Products' },
  { to: paths.manageCategories, label: 'Categories' },
  { to: paths.manageReviews, label: 'Manage Reviews' },
  { to: paths.productReviews, label: 'Product Reviews' },
  { to: paths.shopSettings, label: 'Shop Settings' },
  { to: paths.activity, label: 'Activity Log' },
];

export function dashboardLinks(isAdmin: boolean): DashboardLink[] {
  return [...everyone, ...(isAdmin ? admins : customers)];
}
