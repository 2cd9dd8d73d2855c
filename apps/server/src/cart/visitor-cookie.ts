import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from 'better-auth/cookies';
import { CART_COOKIE, VISITOR_CART_DAYS } from '@toolshop/shared/cart';

/**
 * The httpOnly cookie that holds a visitor's raw cart token (decision 046); the database keeps its hash.
 * Named in packages/shared, where the storefront reads it too to keep a cart holder's pages private.
 */
export const VISITOR_CART_COOKIE = CART_COOKIE;

/** The cookie lives as long as an unused visitor cart does; each change of the cart renews both. */
export const VISITOR_CART_MAX_AGE_SECONDS = VISITOR_CART_DAYS * 24 * 60 * 60;

/** The cookie's attributes: never readable by scripts, sent on top-level navigations, whole site. */
export const visitorCookieOptions = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  path: '/',
});

/** The visitor's cart token from a request's Cookie header, if it carries one. */
export function visitorToken(headers: IncomingHttpHeaders): string | undefined {
  const token = headers.cookie ? parseCookies(headers.cookie).get(VISITOR_CART_COOKIE) : undefined;
  // A token is 32 random bytes in base64url: anything else cannot name a cart, so it is ignored.
  return token && /^[\w-]{43}$/.test(token) ? token : undefined;
}

/** The Set-Cookie value that keeps `token` for another VISITOR_CART_DAYS, or (token null) drops it. */
export function visitorCookie(token: string | null, secure: boolean): string {
  const attributes = [
    `${VISITOR_CART_COOKIE}=${token ?? ''}`,
    `Max-Age=${token ? VISITOR_CART_MAX_AGE_SECONDS : 0}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
