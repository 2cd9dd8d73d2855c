/** The navbar's links (SPEC §2): DASHBOARD appears when signed in; LOG IN becomes LOG OUT. */
export const publicNavLinks = [
  { to: '/', label: 'HOME' },
  { to: '/blogs', label: 'BLOGS' },
  { to: '/portfolio', label: 'MY PORTFOLIO' },
] as const;

export const dashboardLink = { to: '/dashboard', label: 'DASHBOARD' } as const;

export const loginLink = { to: '/login', label: 'LOG IN' } as const;
