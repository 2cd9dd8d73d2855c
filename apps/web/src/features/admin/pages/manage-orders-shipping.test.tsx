import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrder, pageOf } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ManageOrdersPage } from './manage-orders-page';

const paid = makeOrder({
  _id: 'order-2',
  tool: 'Thermal paste',
  status: 'paid',
  paid: true,
  transactionId: 't2',
});

const renderAt = () => renderWithProviders(<ManageOrdersPage />, { route: '/dashboard/manageOrders' });
const orderRows = () => screen.getAllByRole('row').slice(1);

describe('Manage All Orders: Mark shipped', () => {
  it('marks a paid order shipped with its carrier and tracking number, then delivered', async () => {
    let orders = [paid];
    const step = (status: 'shipped' | 'delivered') => () => {
      orders = [{ ...orders[0]!, status }];
      return { body: orders[0] };
    };
    const fetchMock = mockRoutes({
      'GET /api/order': () => ({ body: pageOf(orders) }),
      'POST /api/order/order-2/ship': step('shipped'),
      'PATCH /api/order/order-2/delivery': step('delivered'),
    });
    const user = userEvent.setup();
    renderAt();

    await screen.findByText('1 order');
    const [row] = orderRows();
    // SPEC's delivery button stays beside Mark shipped, with its words.
    expect(
      within(row!).getByRole('button', { name: 'delivery of Thermal paste for Ada Lovelace' }),
    ).toBeInTheDocument();
    await user.click(
      within(row!).getByRole('button', { name: 'Mark shipped Thermal paste for Ada Lovelace' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Ship Thermal paste to Ada Lovelace' });
    await user.type(within(dialog).getByLabelText('Carrier'), ' UPS ');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect(await screen.findByText('Thermal paste for Ada Lovelace marked shipped.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/order/order-2/ship',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row!).getByText('shipped')).toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: /^Mark shipped/ })).not.toBeInTheDocument();

    await user.click(
      within(row!).getByRole('button', { name: 'delivery of Thermal paste for Ada Lovelace' }),
    );
    expect(await within(row!).findByText('delivered')).toBeInTheDocument();
    expect(within(row!).queryByRole('button', { name: /^delivery/ })).not.toBeInTheDocument();
  });

  it('ships without a carrier or tracking number, and Cancel ships nothing', async () => {
    const fetchMock = mockRoutes({
      'GET /api/order': () => ({ body: pageOf([paid]) }),
      'POST /api/order/order-2/ship': () => ({ body: { ...paid, status: 'shipped' } }),
    });
    const ships = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/ship'));
    const user = userEvent.setup();
    renderAt();

    const mark = await screen.findByRole('button', { name: 'Mark shipped Thermal paste for Ada Lovelace' });
    await user.click(mark);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ships()).toHaveLength(0);

    await user.click(mark);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark shipped' }));
    await screen.findByText('Thermal paste for Ada Lovelace marked shipped.');
    expect(ships().map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { carrier: null, trackingNumber: null },
    ]);
  });
});
