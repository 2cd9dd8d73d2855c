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

/** Replaces fetch with canned JSON answers by path; returns the mock to inspect calls. */
export function mockApi(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (!(path in answers)) {
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }), {
        status: 404,
      });
    }
    return new Response(JSON.stringify(answers[path]), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
