/** SPEC §2's dashboard menu: everyone sees My Profile; customers and admins see their own screens. */
export interface DashboardLink {
  to: string;
  label: string;
}

const everyone: DashboardLink[] = [{ to: '/dashboard', label: 'My Profile' }];

const customers: DashboardLink[] = [
  { to: '/dashboard/myOrders', label: 'My Orders' },
  { to: '/dashboard/addReview', label: 'Add A Review' },
];

const admins: DashboardLink[] = [
  { to: '/dashboard/overview', label: 'Sales Overview' },
  { to: '/dashboard/manageOrders', label: 'Manage All Orders' },
  { to: '/dashboard/addProduct', label: 'Add a Product' },
  { to: '/dashboard/makeAdmin', label: 'Make Admin' },
  { to: '/dashboard/manageProduct', label: 'Manage All Products' },
  { to: '/dashboard/manageReviews', label: 'Manage Reviews' },
  { to: '/dashboard/activity', label: 'Activity Log' },
];

export function dashboardLinks(isAdmin: boolean): DashboardLink[] {
  return [...everyone, ...(isAdmin ? admins : customers)];
}
