import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../test/fixtures';
import { mockRoutes, renderRoutes } from '../test/render';
import { browserQueryClient } from '../lib/query-client';
import { sessionKey } from '../lib/auth';
import { notFound } from '../lib/storefront';
import { behindGuards, behindSignIn, screenAt } from '../test/guarded-routes';
import * as myOrders from './dashboard.my-orders';

function renderGuarded() {
  return renderRoutes(
    behindGuards([{ path: '/dashboard/makeAdmin', Component: () => <h1>Admin screen</h1> }]),
    { route: '/dashboard/makeAdmin' },
  );
}

const signOutCalls = (calls: [string, RequestInit][]) => calls.filter(([url]) => url.includes('sign-out'));

describe('RequireAuth and RequireAdmin', () => {
  it('show an admin the admin screen', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': { body: { admin: true } },
    });
    renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
  });

  it('sign a customer out and send them to login (SPEC §4)', async () => {
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': { body: { admin: false } },
      'POST /api/auth/sign-out': { body: { success: true } },
    });
    renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin screen' })).not.toBeInTheDocument();
    expect(signOutCalls(fetchMock.mock.calls)).toHaveLength(1);
    expect(screen.getByText('Opened with ?redirectTo=%2Fdashboard%2FmakeAdmin')).toBeInTheDocument();
  });

  it('send a signed-out visitor to login without asking for the role', async () => {
    const fetchMock = mockRoutes({ 'GET /api/auth/get-session': { body: null } });
    renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Opened with ?redirectTo=%2Fdashboard%2FmakeAdmin')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/admin/'))).toBe(false);
    expect(signOutCalls(fetchMock.mock.calls)).toHaveLength(0);
  });

  it('read a session gone stale again: signed out elsewhere, a screen asks for nothing and login shows', async () => {
    const calls = mockRoutes({
      'GET /api/auth/get-session': { body: null },
      'GET /api/order/ada%40example.com': { status: 401, body: { error: { code: 'x', message: 'no' } } },
    });
    browserQueryClient().setQueryData(sessionKey, makeSession().user, { updatedAt: Date.now() - 61_000 });
    renderRoutes(behindSignIn([screenAt('/dashboard/myOrders', myOrders)]), { route: '/dashboard/myOrders' });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(calls.mock.calls.some(([url]) => url.startsWith('/api/order/'))).toBe(false);
  });

  it('offer a retry, not a sign-out, when the admin check answers 429', async () => {
    let answer = { status: 429, body: { error: { code: 'too_many_requests', message: 'Slow down.' } } };
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': () => answer,
    });
    const user = userEvent.setup();
    renderGuarded();

    expect(await screen.findByRole('alert')).toHaveTextContent("We could not load your account's role");
    expect(signOutCalls(fetchMock.mock.calls)).toHaveLength(0);
    answer = { status: 200, body: { admin: true } } as never;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
  });

  it('show the not-found page for an unknown thing a screen below asks for', async () => {
    mockRoutes({ 'GET /api/auth/get-session': { body: makeSession() } });
    renderRoutes(
      behindSignIn([
        {
          path: '/purchase/:id',
          loader: () => {
            throw notFound();
          },
          Component: () => <h1>Purchase</h1>,
        },
      ]),
      { route: '/purchase/unknown' },
    );

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('offer a retry, not the login page, when the session cannot be read (503)', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { status: 503, body: { message: 'Service unavailable' } },
    });
    renderGuarded();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });
});
