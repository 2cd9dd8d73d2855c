import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage as Page } from '@toolshop/shared/admin';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ActivityPage } from './activity-page';

const ada = { id: 'u-ada', email: 'ada@shop.test', name: 'Ada Admin' };
const bea = { id: 'u-bea', email: 'bea@shop.test', name: 'Bea Boss' };

const edited: ActivityEntry = {
  _id: '2',
  createdAt: '2026-11-20T10:15:00.000Z',
  kind: 'product.edited',
  actor: ada,
  subject: { type: 'tool', id: 't-1', label: 'Precision screwdriver set' },
  details: { changes: { price: { before: 18.99, after: 21.5 }, minimumOrder: { before: 10, after: 5 } } },
  ip: '203.0.113.7',
};
const promoted: ActivityEntry = {
  _id: '1',
  createdAt: '2026-11-19T08:00:00.000Z',
  kind: 'user.promoted',
  actor: bea,
  subject: { type: 'user', id: 'u-cy', label: 'cy@shop.test' },
  details: {},
  ip: null,
};

const shipping: ActivityEntry = {
  _id: '3',
  createdAt: '2026-11-21T09:00:00.000Z',
  kind: 'settings.shipping',
  actor: ada,
  subject: { type: 'settings', id: 'shipping', label: 'Shipping' },
  details: {
    changes: {
      shippingFeeCents: { before: 0, after: 795 },
      freeShippingFromCents: { before: null, after: 10_000 },
    },
  },
  ip: null,
};

const page = (items: ActivityEntry[], total = items.length, pageNumber = 1): Page => ({
  items,
  total,
  page: pageNumber,
  limit: 25,
  actors: [ada, bea],
});

const loaded = () => screen.findByRole('heading', { name: 'Activity Log' }, { timeout: 10_000 });
const urls = (calls: ReturnType<typeof mockRoutes>) => calls.mock.calls.map(([url]) => url);

describe('ActivityPage', () => {
  it('shows each action with who, when, from where and what changed, newest first', async () => {
    mockRoutes({ 'GET /api/admin/activity': { body: page([edited, promoted]) } });
    renderWithProviders(<ActivityPage />, { route: '/dashboard/activity' });
    await loaded();

    const entries = within(screen.getByRole('list', { name: 'Activity, newest first' })).getAllByRole(
      'listitem',
    );
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Product edited: Precision screwdriver set');
    expect(entries[0]).toHaveTextContent('by Ada Admin (ada@shop.test) from 203.0.113.7');
    expect(entries[0]).toHaveTextContent('Price$18.99 → $21.50');
    expect(entries[0]).toHaveTextContent('Minimum order10 → 5');
    expect(within(entries[0]!).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-20T10:15:00.000Z');
    expect(entries[1]).toHaveTextContent('User promoted: cy@shop.test');
    expect(entries[1]).toHaveTextContent('by Bea Boss (bea@shop.test)');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  it('shows a change of the shipping settings in dollars, a missing threshold as never', async () => {
    mockRoutes({ 'GET /api/admin/activity': { body: page([shipping]) } });
    renderWithProviders(<ActivityPage />, { route: '/dashboard/activity' });
    await loaded();

    const [entry] = within(screen.getByRole('list', { name: 'Activity, newest first' })).getAllByRole(
      'listitem',
    );
    expect(entry).toHaveTextContent('Shipping settings changed: Shipping');
    expect(entry).toHaveTextContent('Shipping fee$0.00 → $7.95');
    expect(entry).toHaveTextContent('Free shipping fromnever → $100.00');
  });

  it('filters by kind and by person through the URL', async () => {
    const calls = mockRoutes({ 'GET /api/admin/activity': { body: page([edited, promoted]) } });
    renderWithProviders(<ActivityPage />, { route: '/dashboard/activity' });
    await loaded();
    expect(urls(calls)).toEqual(['/api/admin/activity']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'User promoted');
    await waitFor(() => expect(urls(calls)).toContain('/api/admin/activity?kind=user.promoted'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who' }), 'Bea Boss (bea@shop.test)');
    await waitFor(() => expect(urls(calls)).toContain('/api/admin/activity?kind=user.promoted&actor=u-bea'));
  });

  it('pages through a long log', async () => {
    const calls = mockRoutes({ 'GET /api/admin/activity': { body: page([edited], 60) } });
    renderWithProviders(<ActivityPage />, { route: '/dashboard/activity?page=1' });
    await loaded();

    expect(screen.getByText('60 entries, page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls(calls)).toContain('/api/admin/activity?page=2'));
  });

  it('shows an admin’s rights revoked, and offers that kind in the filter', async () => {
    const revoked: ActivityEntry = {
      ...promoted,
      _id: '3',
      kind: 'user.revoked',
      details: { role: { before: 'admin', after: 'customer' } },
    };
    const calls = mockRoutes({ 'GET /api/admin/activity': { body: page([revoked]) } });
    renderWithProviders(<ActivityPage />, { route: '/dashboard/activity' });
    await loaded();

    const [entry] = within(screen.getByRole('list', { name: 'Activity, newest first' })).getAllByRole(
      'listitem',
    );
    expect(entry).toHaveTextContent('Admin rights revoked: cy@shop.test');
    expect(entry).toHaveTextContent('Roleadmin → customer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'Admin rights revoked');
    await waitFor(() => expect(urls(calls)).toContain('/api/admin/activity?kind=user.revoked'));
  });

  it('says when nothing has been recorded', async () => {
    mockRoutes({ 'GET /api/admin/activity': { body: { ...page([]), actors: [] } } });
    renderWithProviders(<ActivityPage />);
    await loaded();
    expect(screen.getByText('Nothing recorded yet.')).toBeInTheDocument();
  });
});
