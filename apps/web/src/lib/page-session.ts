import type { StorefrontUser } from '@toolshop/shared/storefront';

/**
 * Who the server found signed in when the root's loader last ran (the page's load, or a revalidation after
 * a sign-in or sign-out), and when that answer reached the browser. The navbar reads the root's loader data
 * itself; this copy lets the session's query start from the same answer, without the home page's scripts
 * carrying the query cache (decision 066).
 */
export interface PageSession {
  user: StorefrontUser | null;
  receivedAt: number;
}

let latest: { from: object; session: PageSession } | undefined;

/**
 * The root's component, on every render in the browser: `from` is its loader data, the same object until the
 * loader runs again, so a render that brings no new answer keeps the first time it was seen.
 */
export function notePageSession(from: object, user: StorefrontUser | null) {
  if (latest?.from !== from) latest = { from, session: { user, receivedAt: Date.now() } };
}

export const pageSession = (): PageSession | undefined => latest?.session;
