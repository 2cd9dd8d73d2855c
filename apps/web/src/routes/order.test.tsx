import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuyAgainResult } from '@toolshop/shared/buy-again';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { makeCart, makeCartLine, makeOrder } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import * as cartRoute from './cart';
import * as orderRoute from './order';
import Site, { ErrorBoundary as SiteErrorBoundary } from './site';

const ID = '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a';
const DETAIL = `GET /api/order/${ID}/detail`;
const customer = { name: 'Ada Lovelace', email: 'ada@example.com', role: 'customer' as const };

/** Ada's order #1042 of three lines, paid and shipped with UPS. */
const shipped: OrderDetail = {
  ...makeOrder({
    _id: ID,
    number: 1042,
    tool: 'Torque driver, Heat gun, Crimper',
    quantity: 9,
    unitPrice: null,
    lines: [
      { toolId: 'tool-1', tool: 'Torque driver', quantity: 2, unitPrice: 15, total: 30 },
      { toolId: 'tool-2', tool: 'Heat gun', quantity: 3, unitPrice: 22.5, total: 67.5 },
      { toolId: 'tool-3', tool: 'Crimper', quantity: 4, unitPrice: 8.25, total: 33 },
    ],
    subtotal: 130.5,
    shipping: 4.95,
    total: 135.45,
    address: 'Dock 4, Springfield',
    phone: '555-0100',
    status: 'shipped',
    paid: true,
    transactionId: 'demo_txn_8f3a2c',
  }),
  timeline: [
    { event: 'placed', at: '2026-11-20T10:00:00.000Z', by: customer },
    { event: 'paid', at: '2026-11-20T10:05:00.000Z', by: customer },
    {
      event: 'shipped',
      at: '2026-11-21T09:00:00.000Z',
      by: null,
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    },
  ],
};

function renderOrder() {
  return renderRoutes(
    [
      {
        id: 'root',
        loader: () => ({ user: null, cartLines: 0, publicUrl: 'http://localhost' }),
        children: [
          {
            Component: Site,
            ErrorBoundary: SiteErrorBoundary,
            children: [
              {
                path: '/orders/:orderId',
                loader: orderRoute.loader as never,
                Component: orderRoute.default as never,
              },
              {
                path: '/cart',
                loader: cartRoute.loader,
                action: cartRoute.action,
                Component: cartRoute.default as never,
              },
              { path: '/login', Component: () => <h1>Log in</h1> },
            ],
          },
        ],
      },
    ],
    { route: `/orders/${ID}`, context: storefrontStub() },
  );
}

const session = { 'GET /api/auth/get-session': { body: null } };

describe('the order page', () => {
  it('shows the order: number, lines, amounts, where it goes, its reference, status and timeline', async () => {
    mockRoutes({ ...session, [DETAIL]: { body: shipped } });
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    const lines = within(screen.getByRole('region', { name: 'What you ordered' }));
    const rows = lines.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Torque driver2$15.00$30.00',
      'Heat gun3$22.50$67.50',
      'Crimper4$8.25$33.00',
    ]);
    expect(lines.getByRole('link', { name: 'Heat gun' })).toHaveAttribute('href', '/tools/tool-2');
    expect(lines.getByText('$130.50')).toBeInTheDocument();
    expect(lines.getByText('$4.95')).toBeInTheDocument();
    expect(lines.getByText('$135.45')).toBeInTheDocument();
    const delivery = within(screen.getByRole('region', { name: 'Delivery and payment' }));
    expect(delivery.getByText('Dock 4, Springfield')).toBeInTheDocument();
    expect(delivery.getByText('555-0100')).toBeInTheDocument();
    expect(delivery.getByText('demo_txn_8f3a2c')).toBeInTheDocument();
    expect(screen.getByText('Shipped', { selector: '.badge' })).toBeInTheDocument();

    const steps = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual(['Placed', 'Paid', 'Shipped']);
    expect(steps[2]).toHaveTextContent('UPS, tracking number 1Z999AA10123456784');
    expect(steps[2]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T09:00:00.000Z');

    expect(screen.getByRole('button', { name: 'Buy again #1042' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for this order' })).not.toBeInTheDocument();
  });

  it('says shipping is free at 0, and leads an unpaid order to its payment page instead of Buy again', async () => {
    const unpaid = { ...shipped, shipping: 0, total: 130.5, status: 'unpaid' as const, paid: false };
    mockRoutes({ ...session, [DETAIL]: { body: { ...unpaid, transactionId: null, timeline: [] } } });
    renderOrder();

    const pay = await screen.findByRole('link', { name: 'Pay for this order' });
    expect(pay).toHaveAttribute('href', `/dashboard/payment/${ID}`);
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('Not paid yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();
  });

  it("shows the not-found page for someone else's or an unknown order", async () => {
    mockRoutes({
      ...session,
      [DETAIL]: { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    renderOrder();

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Order #/ })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in, coming back to the order', async () => {
    mockRoutes({
      ...session,
      [DETAIL]: { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
    });
    renderOrder();

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('Buy again puts the lines back and lands on the cart, saying what went in and what did not', async () => {
    const result: Omit<BuyAgainResult, 'cart'> = {
      added: [{ toolId: 'tool-1', name: 'Torque driver', quantity: 2 }],
      gone: [{ toolId: 'tool-2', name: 'Heat gun', quantity: 3 }],
      notAdded: [
        {
          toolId: 'tool-3',
          name: 'Crimper',
          quantity: 4,
          reason: 'insufficient_stock',
          message: 'Only 1 left in stock.',
        },
      ],
    };
    const cart = makeCart([makeCartLine(1, 2)]);
    const calls = mockRoutes({
      ...session,
      [DETAIL]: { body: shipped },
      [`POST /api/order/${ID}/buy-again`]: { body: { ...result, cart } },
      'GET /api/cart': { body: cart },
    });
    renderOrder();

    await userEvent.click(await screen.findByRole('button', { name: 'Buy again #1042' }));

    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    const notice = (await screen.findByText('Added to your cart: 2 × Torque driver.')).closest(
      '[role=status]',
    );
    expect(notice).toHaveTextContent('Heat gun is no longer sold.');
    expect(notice).toHaveTextContent('4 × Crimper not added: Only 1 left in stock.');
    expect(calls.mock.calls.filter(([, init]) => init.method === 'POST').map(([url]) => url)).toEqual([
      `/api/order/${ID}/buy-again`,
    ]);
  });
});
