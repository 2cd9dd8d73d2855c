import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';

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

/**
 * Replaces fetch with canned answers keyed "METHOD /path" (e.g. "GET /api/tools"); a function receives
 * the request's JSON body. Anything else answers 404. Returns the mock to inspect the calls.
 */
export function mockRoutes(routes: Record<string, MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const path = new URL(request?.url ?? String(input), 'http://localhost').pathname;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${path}`];
    const reply: MockReply = !route
      ? { status: 404, body: { error: { code: 'not_found', message: 'not found' } } }
      : typeof route === 'function'
        ? route(init?.body ? JSON.parse(String(init.body)) : undefined)
        : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
