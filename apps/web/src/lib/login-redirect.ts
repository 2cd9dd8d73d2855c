import { redirect } from 'react-router';
import { paths } from '@toolshop/shared/paths';

/** The login page's parameter naming where to go once signed in (SPEC §4: the guard remembers it). */
export const REDIRECT_PARAM = 'redirectTo';

/**
 * What a guard's loader throws for a visitor who may not see the screen: the login page, carrying the
 * address they were going to, in the address itself so that a reload or a new tab keeps it.
 */
export function loginRedirect(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(`${paths.login}?${new URLSearchParams({ [REDIRECT_PARAM]: `${pathname}${search}` })}`);
}
