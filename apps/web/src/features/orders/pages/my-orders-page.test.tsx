import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { findToast, mockRoutes, renderRoutes } from '../../../test/render';
import { makeOrder, makeSession } from '../../../test/fixtures';
import { MyOrdersPage } from './my-orders-page';

afterEach(() => vi.unstubAllGlobals());

const session = makeSession();

// In a data router, as in the app: Buy again is a form to the cart's route action.
const renderMyOrders = () =>
  renderRoutes([
    {
      path: '/',
      Component: () => (
        <Suspense fallback={null}>
          <MyOrdersPage />
        </Suspense>
      ),
    },
  ]);
const MY_ORDERS = '/api/order/ada%40example.com';

const unpaid = makeOrder({});
const paid = makeOrder({
  _id: 'order-2',
  number: 1043,
  tool: 'Anti-static wrist strap',
  quantity: 40,
  status: 'paid',
  paid: true,
  transactionId: 'demo_txn_8f3a2c',
});

const deleteCalls = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

describe('MyOrdersPage', () => {
  it('lists the orders newest first with a count, a pay link for unpaid ones and the transaction for paid ones', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: session },
      // The API lists SPEC's way, oldest first.
      [`GET ${MY_ORDERS}`]: { body: [unpaid, paid] },
    });
    renderMyOrders();

    expect(await screen.findByText('You have 2 orders')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order',
      'No',
      'Name',
      'tool',
      'quantity',
      'total',
      'address',
      'Payment',
      'Action',
    ]);
    const [, paidRow, unpaidRow] = screen.getAllByRole('row');
    expect(unpaidRow).toHaveTextContent(
      '#1042Jan 1, 20252Ada LovelacePrecision screwdriver set12× $18.99$227.881 Main St, Springfield',
    );
    expect(within(unpaidRow!).getByRole('link', { name: '#1042' })).toHaveAttribute(
      'href',
      '/orders/order-1',
    );
    expect(within(paidRow!).getByRole('link', { name: '#1043' })).toHaveAttribute('href', '/orders/order-2');
    expect(within(unpaidRow!).queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();
    expect(within(paidRow!).getByRole('button', { name: 'Buy again #1043' })).toBeInTheDocument();
    expect(
      within(unpaidRow!).getByRole('link', { name: 'pay for Precision screwdriver set' }),
    ).toHaveAttribute('href', '/dashboard/payment/order-1');
    expect(
      within(unpaidRow!).getByRole('button', { name: 'delete Precision screwdriver set' }),
    ).toBeInTheDocument();

    expect(within(paidRow!).getByText('paid')).toBeInTheDocument();
    expect(within(paidRow!).getByText('Paid, not shipped yet')).toBeInTheDocument();
    expect(within(paidRow!).getByText('demo_txn_8f3a2c')).toBeInTheDocument();
    expect(within(paidRow!).queryByRole('link', { name: /^pay/ })).not.toBeInTheDocument();
    expect(within(paidRow!).queryByRole('button', { name: /^delete/ })).not.toBeInTheDocument();
  });

  it('asks before deleting; Cancel closes the dialog and sends nothing', async () => {
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: session },
      [`GET ${MY_ORDERS}`]: { body: [unpaid, paid] },
    });
    const user = userEvent.setup();
    renderMyOrders();

    await user.click(await screen.findByRole('button', { name: 'delete Precision screwdriver set' }));

    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to delete Precision screwdriver set!',
    });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(dialog).not.toHaveAttribute('open');
    expect(
      screen.queryByText('Are you sure you want to delete Precision screwdriver set!'),
    ).not.toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toHaveLength(0);
  });

  it('deletes the order after Delete and confirms with a toast', async () => {
    let orders = [unpaid, paid];
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: session },
      [`GET ${MY_ORDERS}`]: () => ({ body: orders }),
      'DELETE /api/order/order-1': () => {
        orders = [paid];
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderMyOrders();

    await user.click(await screen.findByRole('button', { name: 'delete Precision screwdriver set' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Precision screwdriver set deleted.')).toBeInTheDocument();
    expect(deleteCalls(fetchMock).map(([url]) => String(url))).toEqual(['/api/order/order-1']);
    await waitFor(() => expect(screen.getByText('You have 1 order')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells until when an unpaid order may be paid, and shows an expired one without a pay link', async () => {
    const holdEnds = new Date(2026, 10, 22, 14, 5).toISOString();
    const expired = makeOrder({
      _id: 'order-3',
      number: 1041,
      tool: 'Soldering iron',
      status: 'expired',
      expiresAt: holdEnds,
    });
    let orders = [makeOrder({ expiresAt: holdEnds }), expired];
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: session },
      [`GET ${MY_ORDERS}`]: () => ({ body: orders }),
      'DELETE /api/order/order-3': () => {
        orders = orders.filter((order) => order._id !== 'order-3');
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderMyOrders();

    const [, unpaidRow, expiredRow] = await screen.findAllByRole('row');
    expect(within(unpaidRow!).getByText(/^pay by/)).toHaveTextContent(/^pay by 14:05 [A-Z]\S*$/);
    expect(within(expiredRow!).getByText('expired')).toBeInTheDocument();
    expect(within(expiredRow!).queryByRole('link', { name: /^pay/ })).not.toBeInTheDocument();
    expect(within(expiredRow!).queryByText(/pay by/)).not.toBeInTheDocument();

    await user.click(within(expiredRow!).getByRole('button', { name: 'delete Soldering iron' }));
    await user.click(
      within(
        screen.getByRole('dialog', { name: 'Are you sure you want to delete Soldering iron!' }),
      ).getByRole('button', { name: 'Delete' }),
    );

    expect(await screen.findByText('Soldering iron deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You have 1 order')).toBeInTheDocument());
    expect(deleteCalls(fetchMock).map(([url]) => String(url))).toEqual(['/api/order/order-3']);
  });

  it('opens the dialog of the order the address names, and follows the address to another', async () => {
    const expired = makeOrder({ _id: 'order-3', number: 1041, tool: 'Soldering iron', status: 'expired' });
    mockRoutes({
      'GET /api/auth/get-session': { body: session },
      [`GET ${MY_ORDERS}`]: { body: [unpaid, expired] },
    });
    const user = userEvent.setup();
    // A link to another order's address stands for a step back or forward in the browser's history.
    renderRoutes(
      [
        {
          path: '/',
          Component: () => (
            <Suspense fallback={null}>
              <MyOrdersPage />
              <Link to="/?delete=order-3">another address</Link>
            </Suspense>
          ),
        },
      ],
      { route: '/?delete=order-1' },
    );

    expect(
      await screen.findByRole('dialog', {
        name: 'Are you sure you want to delete Precision screwdriver set!',
      }),
    ).toHaveAttribute('open');

    await user.click(screen.getByRole('link', { name: 'another address' }));

    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to delete Soldering iron!' }),
    ).toHaveAttribute('open');
  });

  it('invites a buyer without orders to the catalogue', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: session },
      [`GET ${MY_ORDERS}`]: { body: [] },
    });
    renderMyOrders();

    expect(await screen.findByText('You have 0 orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse tools' })).toHaveAttribute('href', '/#tools');
  });
});
