import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '@toolshop/shared/admin';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { OverviewPage } from './overview-page';

const figures = (revenue: number, orders: number, averageOrderValue: number) => ({
  revenue,
  orders,
  averageOrderValue,
});

const overview = (days: number): Overview => ({
  periods: [
    { days: 1, current: figures(59.97, 1, 59.97), previous: figures(23.31, 1, 23.31) },
    { days: 7, current: figures(86.61, 3, 28.87), previous: figures(0, 0, 0) },
    { days: 30, current: figures(1146.58, 5, 229.32), previous: figures(2293.16, 10, 229.32) },
  ],
  daily: Array.from({ length: days }, (_, index) => ({
    date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    revenue: index === 0 ? 1234.5 : 0,
    orders: index === 0 ? 2 : 0,
  })).slice(0, Math.min(days, 31)),
  days,
  topByUnits: [{ toolId: 't-2', name: 'Pliers', units: 8, revenue: 26.64 }],
  topByRevenue: [{ toolId: 't-1', name: 'Anvil', units: 6, revenue: 119.94 }],
  waiting: {
    unpaid: { count: 1, oldest: '2026-11-18T09:00:00Z' },
    undelivered: { count: 4, oldest: '2026-10-21T12:00:00Z' },
  },
  lowStock: [
    { toolId: 't-9', name: 'Crimper', availableQuantity: 3, onHand: 5, minimumOrder: 5, threshold: 10 },
  ],
});

beforeEach(() => {
  // jsdom does not lay out: the chart's container only needs to be observable.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const section = (name: string) => screen.getByRole('region', { name });
/** The figures have arrived (a cold start on a busy machine may take more than findBy's default second). */
const loaded = () => screen.findByRole('heading', { name: 'Sales Overview' }, { timeout: 10_000 });

describe('OverviewPage', { timeout: 20_000 }, () => {
  it('shows revenue, orders and average order value of each period against the period before', async () => {
    mockRoutes({ 'GET /api/admin/overview': { body: overview(30) } });
    renderWithProviders(<OverviewPage />, { route: '/dashboard/overview' });

    await loaded();
    const today = section('Today');
    expect(today).toHaveTextContent('Revenue$59.97');
    expect(today).toHaveTextContent('+157.3% vs. yesterday');
    expect(section('Last 7 days')).toHaveTextContent('$86.61New vs. the 7 days before');
    expect(section('Last 30 days')).toHaveTextContent('$1,146.58▼ −50% vs. the 30 days before');
    expect(section('Last 30 days')).toHaveTextContent('Average order$229.32No change vs. the 30 days before');
  });

  it('offers the chart figures as a table, and asks for another period through the URL', async () => {
    const calls = mockRoutes({ 'GET /api/admin/overview': { body: overview(30) } });
    renderWithProviders(<OverviewPage />, { route: '/dashboard/overview' });

    await loaded();
    const table = screen.getByRole('table', { name: 'Revenue and orders per day, last 30 days' });
    // Plain DOM queries: role queries over 30 rows and an SVG chart are slow in jsdom.
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('Oct 1, 2026$1,234.502');
    expect(calls.mock.calls.map(([url]) => url)).toEqual(['/api/admin/overview?days=30']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '7 days');
    await waitFor(() => expect(calls.mock.calls.map(([url]) => url)).toContain('/api/admin/overview?days=7'));
  });

  it('lists top tools, orders waiting and low stock', async () => {
    mockRoutes({ 'GET /api/admin/overview': { body: overview(30) } });
    renderWithProviders(<OverviewPage />);

    await loaded();
    expect(screen.getByRole('table', { name: 'Top tools by units, last 30 days' })).toHaveTextContent(
      'Pliers8$26.64',
    );
    expect(screen.getByRole('table', { name: 'Top tools by revenue, last 30 days' })).toHaveTextContent(
      'Anvil6$119.94',
    );
    const waiting = section('Orders waiting');
    expect(waiting).toHaveTextContent('Unpaid for more than a day1');
    expect(waiting).toHaveTextContent('Paid, not yet delivered4');
    expect(within(waiting).getAllByRole('link', { name: 'See these orders' })[1]).toHaveAttribute(
      'href',
      '/dashboard/manageOrders?status=paid',
    );
    expect(screen.getByRole('row', { name: /Crimper/ })).toHaveTextContent('Crimper310');
  });

  it('restocks a low tool by setting its units on hand, then reloads the figures', async () => {
    const calls = mockRoutes({
      'GET /api/admin/overview': { body: overview(30) },
      'PATCH /api/tools/t-9': { body: {} },
    });
    renderWithProviders(<OverviewPage />);

    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Restock Crimper' }));
    const dialog = screen.getByRole('dialog', { name: 'Restock Crimper' });
    const quantity = within(dialog).getByLabelText('Units on hand after restocking');
    expect(quantity).toHaveValue(25);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restock' }));

    expect(await screen.findByText('Crimper restocked to 40 on hand.')).toBeInTheDocument();
    const patch = calls.mock.calls.find(([, init]) => init.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/tools/t-9');
    expect(JSON.parse(String(patch?.[1].body))).toEqual({ restAvailableQuantity: 40 });
    await waitFor(() =>
      expect(calls.mock.calls.filter(([url]) => url.startsWith('/api/admin/overview'))).toHaveLength(2),
    );
  });
});
