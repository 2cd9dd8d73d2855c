import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ManageOrdersPage } from './manage-orders-page';

afterEach(() => vi.unstubAllGlobals());

const unpaid = makeOrder({});
const paid = makeOrder({
  _id: 'order-2',
  tool: 'Thermal paste',
  status: 'paid',
  paid: true,
  transactionId: 't2',
});
const delivered = makeOrder({
  _id: 'order-3',
  tool: 'Anti-static mat',
  status: 'delivered',
  paid: true,
  transactionId: 't3',
});

describe('ManageOrdersPage', () => {
  it("shows every order's payment and state, and marks a paid order delivered", async () => {
    let orders = [unpaid, paid, delivered];
    const fetchMock = mockRoutes({
      'GET /api/order': () => ({ body: orders }),
      'PATCH /api/order/order-2/delivery': () => {
        const updated = { ...paid, status: 'delivered' as const };
        orders = orders.map((order) => (order._id === updated._id ? updated : order));
        return { body: updated };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageOrdersPage />);

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
    const [, unpaidRow, paidRow, deliveredRow] = screen.getAllByRole('row');
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
      'GET /api/order': () => ({ body: orders }),
      'DELETE /api/order/order-1': () => {
        orders = [paid];
        return { body: { deletedCount: 1 } };
      },
    });
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE');
    const user = userEvent.setup();
    renderWithProviders(<ManageOrdersPage />);

    const [, unpaidRow, paidRow] = await screen.findAllByRole('row');
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
