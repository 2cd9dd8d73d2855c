import { paths } from '@toolshop/shared/paths';

/** The navbar's links (SPEC §2, and the whole catalogue): DASHBOARD appears when signed in; LOG IN becomes LOG OUT. */
export const publicNavLinks = [
  { to: paths.home, label: 'HOME' },
  { to: paths.tools, label: 'TOOLS' },
  { to: paths.blogs, label: 'BLOGS' },
  { to: paths.portfolio, label: 'MY PORTFOLIO' },
] as const;

export const dashboardLink = { to: paths.dashboard, label: 'DASHBOARD' } as const;

export const loginLink = { to: paths.login, label: 'LOG IN' } as const;
