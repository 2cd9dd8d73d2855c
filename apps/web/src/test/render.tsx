import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { vi } from 'vitest';
import { server } from './server';

/** Renders a component the way the app does: query cache, router and toasts around it. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <ToastContainer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
