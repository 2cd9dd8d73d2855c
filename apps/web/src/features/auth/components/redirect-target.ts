import type { Location } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/** Where to go after signing in: the page the visitor came from (SPEC §2), else home. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from || from.pathname === paths.login || from.pathname === paths.register) return paths.home;
  return `${from.pathname}${from.search}${from.hash}`;
}
