import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@toolshop/shared/order';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { makeOrder, pageOf } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ManageOrdersPage } from './manage-orders-page';

afterEach(() => vi.unstubAllGlobals());

const unpaid = makeOrder({});
const paid = makeOrder({
  _id: 'order-2',
  number: 1043,
  tool: 'Thermal paste',
  status: 'paid',
  paid: true,
  transactionId: 't2',
});
const delivered = makeOrder({
  _id: 'order-3',
  number: 1044,
  tool: 'Anti-static mat',
  status: 'delivered',
  paid: true,
  transactionId: 't3',
});

/** Where the app is: the page's filters, page and open order live in the address bar. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

const renderAt = (route = '/dashboard/manageOrders') =>
  renderWithProviders(
    <>
      <ManageOrdersPage />
      <Address />
    </>,
    { route },
  );

const address = () => screen.getByRole('status', { name: 'Address' });
const orderRows = () => screen.getAllByRole('row').slice(1);

describe('ManageOrdersPage', () => {
  it("shows every order's payment and state, and marks a paid order delivered", async () => {
    let orders = [unpaid, paid, delivered];
    const fetchMock = mockRoutes({
      'GET /api/order': () => ({ body: pageOf(orders) }),
      'PATCH /api/order/order-2/delivery': () => {
        const updated = { ...paid, status: 'delivered' as const };
        orders = orders.map((order) => (order._id === updated._id ? updated : order));
        return { body: updated };
      },
    });
    const user = userEvent.setup();
    renderAt();

    expect(await screen.findByText('3 orders')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'No',
      'Name',
      'tool',
      'quantity',
      'address',
      'payment',
      'state',
    ]);
    const [unpaidRow, paidRow, deliveredRow] = orderRows();
    expect(within(unpaidRow!).getByText('unpaid')).toBeInTheDocument();
    expect(within(unpaidRow!).getByText('awaiting payment')).toBeInTheDocument();
    expect(within(unpaidRow!).queryByRole('button', { name: /^delivery/ })).not.toBeInTheDocument();
    expect(within(deliveredRow!).getByText('paid')).toBeInTheDocument();
    expect(within(deliveredRow!).getByText('delivered')).toBeInTheDocument();

    expect(within(paidRow!).getByText('paid')).toBeInTheDocument();
    await user.click(
      within(paidRow!).getByRole('button', { name: 'delivery of Thermal paste for Ada Lovelace' }),
    );

    expect(await within(paidRow!).findByText('delivered')).toBeInTheDocument();
    expect(within(paidRow!).queryByRole('button', { name: /^delivery/ })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/order/order-2/delivery',
      expect.objectContaining({ method: 'PATCH' }),
    );
  });

  it('cancels an unpaid order only after the admin confirms', async () => {
    let orders = [unpaid, paid];
    const fetchMock = mockRoutes({
      'GET /api/order': () => ({ body: pageOf(orders) }),
      'DELETE /api/order/order-1': () => {
        orders = [paid];
        return { body: { deletedCount: 1 } };
      },
    });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE');
    const user = userEvent.setup();
    renderAt();

    await screen.findByText('2 orders');
    const [unpaidRow, paidRow] = orderRows();
    expect(within(paidRow!).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    const cancel = within(unpaidRow!).getByRole('button', {
      name: 'Cancel Precision screwdriver set for Ada Lovelace',
    });

    await user.click(cancel);
    const dialog = screen.getByRole('dialog', {
      name: "Cancel Ada Lovelace's order for Precision screwdriver set?",
    });
    expect(within(dialog).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(deletes()).toHaveLength(0);

    await user.click(cancel);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel order' }));

    expect(
      await screen.findByText("Ada Lovelace's order for Precision screwdriver set cancelled."),
    ).toBeInTheDocument();
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    expect(deletes().map(([url]) => url)).toEqual(['/api/order/order-1']);
  });
});

describe('Manage All Orders: filters, search, sort and pages in the URL', () => {
  // A small fake of GET /api/order?status=&q=&sort=&page=&limit= over 30 orders, newest first.
  const everyOrder: Order[] = Array.from({ length: 30 }, (_, index) =>
    makeOrder({
      _id: `order-${index + 1}`,
      name: index % 3 === 0 ? 'Grace Hopper' : 'Ada Lovelace',
      tool: `Tool ${index + 1}`,
      ...(index % 2 === 0 ? { status: 'paid', paid: true, transactionId: `t${index}` } : {}),
    }),
  );
  function fakeOrderApi(): string[] {
    const requests: string[] = [];
    server.use(
      http.get('/api/order', ({ request }) => {
        const url = new URL(request.url);
        requests.push(url.search);
        const status = url.searchParams.get('status');
        const q = url.searchParams.get('q')?.toLowerCase() ?? '';
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const matches = everyOrder.filter(
          (order) => (!status || order.status === status) && order.name.toLowerCase().includes(q),
        );
        return HttpResponse.json(
          pageOf(matches.slice((page - 1) * limit, page * limit), { total: matches.length, page, limit }),
        );
      }),
    );
    return requests;
  }

  it('asks for exactly what the URL says, shows it in the controls, and exports the same orders', async () => {
    const requests = fakeOrderApi();
    renderAt('/dashboard/manageOrders?status=paid&q=ada&sort=total-desc&page=2');

    expect(await screen.findByText('Paid, not shipped · Search “ada”')).toBeInTheDocument();
    expect(requests).toEqual(['?status=paid&q=ada&sort=total-desc&page=2&limit=25']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
    expect(screen.getByRole('searchbox', { name: 'Customer name, e-mail or tool' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('total-desc');
    // 10 of the 15 paid orders are Ada's: they fit on one page, so the 2nd is empty.
    expect(screen.getByText('10 orders')).toBeInTheDocument();
    expect(screen.getByText('Nothing on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/order/export.csv?status=paid&q=ada&sort=total-desc',
    );
  });

  it('keeps each change in the URL, a new filter starting again from page 1', async () => {
    const requests = fakeOrderApi();
    const user = userEvent.setup();
    renderAt();

    expect(await screen.findByText('30 orders')).toBeInTheDocument();
    expect(orderRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/dashboard\/manageOrders\?page=2$/);
    expect(within(orderRows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('26');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unpaid');
    await waitFor(() => expect(address()).toHaveTextContent(/^\/dashboard\/manageOrders\?status=unpaid$/));
    expect(await screen.findByText('15 orders')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Customer name, e-mail or tool' }), 'grace{Enter}');
    await waitFor(() => expect(address()).toHaveTextContent(/\?status=unpaid&q=grace$/));
    expect(await screen.findByText('5 orders')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Total, low to high');
    await waitFor(() => expect(address()).toHaveTextContent(/\?status=unpaid&q=grace&sort=total-asc$/));
    expect(requests.at(-1)).toBe('?status=unpaid&q=grace&sort=total-asc&page=1&limit=25');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/order/export.csv?status=unpaid&q=grace&sort=total-asc',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Delivered');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
  });
});

describe('an order’s details', () => {
  const detail: OrderDetail = {
    ...paid,
    status: 'delivered',
    phone: '+1 555 0100',
    timeline: [
      {
        event: 'placed',
        at: '2025-01-01T10:00:00.000Z',
        by: { name: 'Ada Lovelace', email: 'ada@example.com', role: 'customer' },
      },
      {
        event: 'paid',
        at: '2025-01-01T10:05:00.000Z',
        by: { name: 'Ada Lovelace', email: 'ada@example.com', role: 'customer' },
      },
      {
        event: 'delivered',
        at: '2025-01-03T09:00:00.000Z',
        by: { name: 'Grace Admin', email: 'grace@shop.test', role: 'admin' },
      },
    ],
  };

  it('opens from its row with the timeline, and closes again', async () => {
    mockRoutes({
      'GET /api/order': { body: pageOf([unpaid, paid]) },
      'GET /api/order/order-2/detail': { body: detail },
    });
    const user = userEvent.setup();
    renderAt();

    await user.click(
      await screen.findByRole('button', { name: 'Details of Thermal paste for Ada Lovelace' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Order #1043' });
    expect(address()).toHaveTextContent(/^\/dashboard\/manageOrders\?order=order-2$/);
    const timeline = within(dialog).getByRole('region', { name: 'Timeline' });
    const events = await within(timeline).findAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual([
      expect.stringMatching(/^Placed .*by Ada Lovelace, the customer \(ada@example\.com\)$/),
      expect.stringMatching(/^Paid .*by Ada Lovelace, the customer \(ada@example\.com\)$/),
      expect.stringMatching(/^Delivered .*by Grace Admin, an admin \(grace@shop\.test\)$/),
    ]);
    expect(within(events[2]!).getByText(/2025/)).toHaveAttribute('datetime', '2025-01-03T09:00:00.000Z');
    expect(within(dialog).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(dialog).getByText('$227.88')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toHaveTextContent(/^\/dashboard\/manageOrders$/);
  });

  it('opens straight from a link to it, telling a hold that ran out from a cancel', async () => {
    mockRoutes({
      'GET /api/order': { body: pageOf([unpaid]) },
      'GET /api/order/order-1/detail': {
        body: {
          ...unpaid,
          status: 'cancelled',
          timeline: [
            detail.timeline[0],
            { event: 'expired', at: '2025-01-01T11:00:00.000Z', by: null },
            { event: 'cancelled', at: '2025-01-02T08:00:00.000Z', by: null },
          ],
        },
      },
    });
    renderAt('/dashboard/manageOrders?order=order-1');

    const dialog = await screen.findByRole('dialog', { name: 'Order #1042' });
    expect(await within(dialog).findByText('Stock hold ran out')).toBeInTheDocument();
    expect(within(dialog).getByText('Unpaid in time: its units went back on sale.')).toBeInTheDocument();
    expect(within(dialog).getByText('Who did it was not recorded.')).toBeInTheDocument();
  });
});
