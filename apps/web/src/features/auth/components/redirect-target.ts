import { paths } from '@toolshop/shared/paths';
import { REDIRECT_PARAM } from '../../../lib/login-redirect';

/**
 * Where to go after signing in: the page a guard sent the visitor from (SPEC §2), else home. Only an
 * address of this site is followed: `//host` or `/\\host` would leave it (an open redirect).
 */
export function redirectTarget(search: string): string {
  const to = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return paths.home;
  const { pathname } = new URL(to, 'http://shop.invalid');
  return pathname === paths.login || pathname === paths.register ? paths.home : to;
}
