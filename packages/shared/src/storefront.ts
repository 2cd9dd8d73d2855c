/**
 * What the server hands the web app's route loaders when it renders a page (decision 024). The web app
 * never imports the server: the server implements this contract, the loaders use it.
 */

/** The signed-in account as the navbar and the guards need it. */
export interface StorefrontUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified: boolean;
}

/** A GET of the shop's own API, answered in-process: the same validation, cache and JSON as for browsers. */
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** What a route action's call of the API may add to the visitor's own headers. */
export interface SendOptions {
  idempotencyKey?: string;
}

/** The methods a route action or a private read calls the API with. */
export type StorefrontMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface StorefrontContext {
  /** `path` starts with /api/. Never throws for an error status: the caller decides (404 → not found). */
  get<T>(path: string): Promise<ApiAnswer<T>>;
  /**
   * A call of the shop's API as this visitor (their cookies and the browser's origin signals travel with
   * it, so the API's own sign-in and cross-site checks apply): a route action's write, a private read.
   * Cookies the API sets (a new visitor's cart) reach the visitor with the page's response.
   * `idempotencyKey`: the write's `Idempotency-Key` (a form's hidden field), so a form sent twice acts once.
   */
  send<T>(
    method: StorefrontMethod,
    path: string,
    body?: unknown,
    options?: SendOptions,
  ): Promise<ApiAnswer<T>>;
  /** How many lines the visitor's cart has (0 without a cart or session cookie, without asking). */
  cartLineCount(): Promise<number>;
  /**
   * The account of the request's session cookie, or null (asked only when a route wants it). Rejects with
   * a 503 `Response` while the database is away, which React Router shows as the error page of a 503.
   */
  user(): Promise<StorefrontUser | null>;
  /** The shop's public address (PUBLIC_URL) without a trailing slash: canonical URLs, Open Graph. */
  publicUrl: string;
  /**
   * This rendering's Content-Security-Policy nonce: the scripts the page itself emits carry it, and only
   * they run (decision 035).
   */
  nonce: string;
}
