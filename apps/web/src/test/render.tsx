import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createRoutesStub, MemoryRouter, type AppLoadContext } from 'react-router';
import type { ApiAnswer, SendOptions } from '@toolshop/shared/storefront';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import { browserQueryClient } from '../lib/query-client';
import { Toasts } from '../components/ui/toasts';
import { server } from './server';

/**
 * The browser's query cache, as route loaders and screens share it; tests start with it empty (setup.ts)
 * and never retry, so a failure shows at once.
 */
function testQueryClient() {
  const client = browserQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return client;
}

/**
 * Renders a component the way the app does: query cache, router and toasts around it. A screen rendered
 * on its own, without its route's loader, waits for its data behind a Suspense boundary.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={null}>{ui}</Suspense>
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Renders route objects (route modules' loaders, actions, components, error boundaries) in a memory router.
 * `context`: what their server loaders and actions get (storefrontStub below).
 */
export function renderRoutes(
  routes: Parameters<typeof createRoutesStub>[0],
  { route = '/', context }: { route?: string; context?: AppLoadContext } = {},
) {
  const Stub = createRoutesStub(routes, context);
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <Stub initialEntries={[route]} />
      <Toasts />
    </QueryClientProvider>,
  );
}

/** The toast that says `text`, once the toasts' container has loaded and shown it. */
export async function findToast(text: string) {
  const container = await screen.findByRole('region', { name: /^Notifications/ });
  return within(container).findByText(text);
}

export interface MockReply {
  status?: number;
  body: unknown;
}

export type MockRoute = MockReply | ((requestBody: unknown) => MockReply);

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

const NOT_FOUND: MockReply = { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };

/**
 * Answers the app's requests with canned replies keyed "METHOD /path" (e.g. "GET /api/tools"), through
 * the MSW server of setup.ts; a function receives the request's JSON body. Any other request answers 404
 * in the shop's error shape. Returns a recorder whose mock.calls hold, for every request, the path (with
 * its query) and the method, headers and body text the app sent, like the fetch calls it stands in for.
 */
export function mockRoutes(routes: Record<string, MockRoute>) {
  const calls = vi.fn<(url: string, init: RequestInit) => void>();
  const answer =
    (route: MockRoute | undefined) =>
    async ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      calls(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        ...(text ? { body: text } : {}),
      });
      const reply = !route
        ? NOT_FOUND
        : typeof route === 'function'
          ? route(text ? JSON.parse(text) : undefined)
          : route;
      return HttpResponse.json(reply.body as JsonBodyType, { status: reply.status ?? 200 });
    };
  const handlers = Object.entries(routes).map(([key, route]) => {
    const [method = '', path = ''] = key.split(' ');
    const handle = METHODS[method as keyof typeof METHODS];
    if (!handle) throw new Error(`mockRoutes: unsupported method in "${key}"`);
    return handle(path, answer(route));
  });
  server.use(...handlers, http.all('*', answer(undefined)));
  return calls;
}

/** A call of the API as the server's storefront makes it, answered here by the handlers of mockRoutes. */
async function apiAnswer<T>(
  method: string,
  path: string,
  body?: unknown,
  { idempotencyKey }: SendOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(new URL(path, window.location.origin), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as T };
}

/**
 * The server's storefront context for route loaders and actions under test: its API calls reach the
 * MSW handlers (mockRoutes); no one is signed in and the cart count is `cartLines`.
 */
export function storefrontStub({ cartLines = 0 } = {}): AppLoadContext {
  return {
    storefront: {
      get: (path) => apiAnswer('GET', path),
      send: (method, path, body, options) => apiAnswer(method, path, body, options),
      cartLineCount: () => Promise.resolve(cartLines),
      user: () => Promise.resolve(null),
      publicUrl: 'http://localhost',
      nonce: 'test',
    },
  };
}
