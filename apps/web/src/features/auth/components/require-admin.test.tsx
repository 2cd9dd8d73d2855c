import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';

afterEach(() => vi.unstubAllGlobals());

function renderGuarded() {
  return renderWithProviders(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<RequireAdmin />}>
          <Route path="/dashboard/makeAdmin" element={<h1>Admin screen</h1>} />
        </Route>
      </Route>
      <Route path="/login" element={<h1>Login</h1>} />
    </Routes>,
    { route: '/dashboard/makeAdmin' },
  );
}

describe('RequireAuth and RequireAdmin', () => {
  it('offers a retry, not a sign-out, when the admin check answers 429', async () => {
    let answer = { status: 429, body: { error: { code: 'too_many_requests', message: 'Slow down.' } } };
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': () => answer,
    });
    const user = userEvent.setup();
    renderGuarded();

    expect(await screen.findByRole('alert')).toHaveTextContent("We could not load your account's role");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sign-out'))).toBe(false);
    answer = { status: 200, body: { admin: true } } as never;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
  });

  it('offers a retry, not the login page, when the session cannot be read (503)', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { status: 503, body: { message: 'Service unavailable' } },
    });
    renderGuarded();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });
});
