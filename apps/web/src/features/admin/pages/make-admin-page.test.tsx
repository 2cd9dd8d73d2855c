import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@toolshop/shared/user';
import { makeSession } from '../../../test/fixtures';
import { findToast, mockRoutes, renderWithProviders } from '../../../test/render';
import { MakeAdminPage } from './make-admin-page';

afterEach(() => vi.unstubAllGlobals());

const ada: User = { _id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin' };
const bea: User = { _id: 'u2', email: 'bea@example.com', name: 'Bea Admin', role: 'admin' };
const cyd: User = { _id: 'u3', email: 'cyd@example.com', name: 'Cyd Customer', role: 'customer' };

const calls = (fetchMock: ReturnType<typeof mockRoutes>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([url]) => url);

describe('MakeAdminPage', () => {
  it("makes a customer an admin only after the confirm, then says 'made Admin Successfully'", async () => {
    let users = [ada, bea, cyd];
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/user': () => ({ body: users }),
      'PUT /api/user/admin/cyd%40example.com': () => {
        users = users.map((user) => (user.email === cyd.email ? { ...user, role: 'admin' } : user));
        return { body: { ...cyd, role: 'admin' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);

    await user.click(await screen.findByRole('button', { name: 'Make Admin cyd@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Make cyd@example.com an admin?' });
    expect(calls(fetchMock, 'PUT')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText('made Admin Successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT')).toEqual(['/api/user/admin/cyd%40example.com']);
  });

  it('offers Revoke admin for other admins, never for oneself, and revokes after the confirm', async () => {
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/user': { body: [ada, bea, cyd] },
      'DELETE /api/user/admin/bea%40example.com': { body: { ...bea, role: 'customer' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);

    await user.click(await screen.findByRole('button', { name: 'Revoke admin bea@example.com' }));
    expect(screen.queryByRole('button', { name: 'Revoke admin ada@example.com' })).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Revoke admin for bea@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));

    expect(await findToast('bea@example.com is no longer an admin')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE')).toEqual(['/api/user/admin/bea%40example.com']);
  });

  it("shows the server's refusal (the last admin) in a toast", async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/user': { body: [ada, bea] },
      'DELETE /api/user/admin/bea%40example.com': {
        status: 409,
        body: {
          error: { code: 'conflict', message: 'This is the last admin; make someone else an admin first.' },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MakeAdminPage />);

    await user.click(await screen.findByRole('button', { name: 'Revoke admin bea@example.com' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke admin' }));

    expect(await findToast('This is the last admin; make someone else an admin first.')).toBeInTheDocument();
  });
});
