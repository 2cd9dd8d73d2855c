import type { ApiErrorBody } from '@toolshop/shared/api-error';

/** A failed API call, carrying ARCHITECTURE §4's error body so forms can show field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field messages about the request body, keyed by field name ('body.price' → 'price'). */
  bodyFields(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.fields)
        .filter(([path]) => path.startsWith('body.'))
        .map(([path, message]) => [path.slice('body.'.length), message]),
    );
  }
}

const API_BASE = '/api';

/** The address of an API path, for what the browser fetches itself (a download link). */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

/** The query string (`?a=1&b=x`) of the values that are set, or '' when none is. */
export function searchOf(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Calls the API and returns its JSON; any non-2xx answer is thrown as an ApiError. `idempotencyKey`: the
 * `Idempotency-Key` of a write the server answers once per key (lib/attempt-key.ts).
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  const response = await fetch(apiUrl(path), {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as Partial<ApiErrorBody> | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `The server answered ${response.status}.`,
      error?.fields,
    );
  }
  return payload as T;
}
