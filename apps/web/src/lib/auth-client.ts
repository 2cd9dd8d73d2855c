import { createAuthClient } from 'better-auth/client';

/** Better Auth's client for /api/auth: the session lives in an httpOnly cookie the browser sends. */
export const authClient = createAuthClient({
  // Modules are also loaded on the server to render pages, where nothing calls the client: any base does.
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // Look fetch up on every call rather than capturing it once: tests (and fetch wrappers such as error
  // reporters) replace the global after this module has loaded.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

/** Better Auth answers errors as { code, message }; a network failure has none. */
export function authErrorMessage(error: { code?: string; message?: string; status?: number } | null): string {
  if (error?.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (error?.code === 'EMAIL_NOT_VERIFIED') {
    return 'Please confirm your e-mail address first: we have sent you the link again.';
  }
  return error?.message || 'Something went wrong. Please try again.';
}
