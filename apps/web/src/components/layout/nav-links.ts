/** The navbar's links (SPEC §2). DASHBOARD and LOG OUT join them once accounts exist. */
export const publicNavLinks = [
  { to: '/', label: 'HOME' },
  { to: '/blogs', label: 'BLOGS' },
  { to: '/portfolio', label: 'MY PORTFOLIO' },
] as const;

export const loginLink = { to: '/login', label: 'LOG IN' } as const;
