import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@toolshop/shared/cart';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { makeCart, makeCartLine } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import * as cartRoute from './cart';

function renderCart() {
  return renderRoutes(
    [
      {
        path: '/cart',
        loader: cartRoute.loader,
        action: cartRoute.action,
        Component: cartRoute.default as never,
      },
      { path: '/tools', Component: () => <h1>All tools</h1> },
    ],
    { route: '/cart', context: storefrontStub() },
  );
}

/** The API's cart, changing as the page's forms change it. */
function cartServer(initial: Cart, shipping?: ShippingSettings) {
  let cart = initial;
  const calls = mockRoutes({
    ...(shipping ? { 'GET /api/settings/shipping': { body: shipping } } : {}),
    'GET /api/cart': () => ({ body: cart }),
    'PATCH /api/cart/lines/:toolId': (body) => {
      const { quantity } = body as { quantity: number };
      cart = makeCart(cart.lines.map((line, at) => (at === 0 ? makeCartLine(1, quantity) : line)));
      return { body: cart };
    },
    'DELETE /api/cart/lines/:toolId': () => {
      cart = makeCart(cart.lines.slice(1));
      return { body: cart };
    },
  });
  return calls;
}

const line = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('CartPage', () => {
  it('shows each line with its price, quantity and total, and the amounts the server computed', async () => {
    cartServer(makeCart([makeCartLine(1, 10), makeCartLine(2, 7)], 1500));
    renderCart();
    await screen.findByRole('heading', { name: 'Tool number 1' });
    const first = within(line('Tool number 1'));
    expect(first.getByRole('link', { name: 'Tool number 1' })).toHaveAttribute(
      'href',
      '/tools/00000000-0000-4000-8000-000000000001',
    );
    expect(first.getByText('$11.50')).toBeInTheDocument();
    expect(first.getByRole('spinbutton', { name: 'Quantity of Tool number 1' })).toHaveValue(10);
    expect(first.getByText('$115.00')).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    // 10 × $11.50 + 7 × $12.50 = $202.50, and $15.00 shipping.
    expect(summary.getByText('$202.50')).toBeInTheDocument();
    expect(summary.getByText('$15.00')).toBeInTheDocument();
    expect(summary.getByText('$217.50')).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(summary.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/tools');
  });

  it('tells how much more ships the order free while shipping is charged', async () => {
    cartServer(makeCart([makeCartLine(1, 10), makeCartLine(2, 7)], 1500), {
      shippingFeeCents: 1500,
      freeShippingFromCents: 25_000,
    });
    const user = userEvent.setup();
    renderCart();
    const summary = within(await screen.findByRole('region', { name: 'Summary' }));
    // $202.50 in the cart: $47.50 short of $250.00.
    expect(summary.getByText('Free shipping from $250.00: add $47.50 more.')).toBeInTheDocument();

    // A cart the server charges no shipping for (this fake's after a change) shows no hint.
    await user.click(screen.getByRole('button', { name: 'Remove Tool number 1' }));
    await waitFor(() => expect(screen.queryByText(/^Free shipping from/)).not.toBeInTheDocument());
  });

  it('says in words what stands in the way of checking a line out', async () => {
    cartServer(
      makeCart([
        makeCartLine(1, 10, { gone: true }),
        makeCartLine(2, 10, { priceChanged: true, seenPriceCents: 1100 }),
        makeCartLine(3, 10, { shortOfStock: true, availableQuantity: 9 }),
      ]),
    );
    renderCart();
    expect(
      await screen.findByText('This tool is no longer sold: remove it to check out.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The price changed from $11.00 to $12.50: update the line to accept it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Only 9 available: lower the quantity to check out.')).toBeInTheDocument();
    expect(screen.getByText('Fix the lines marked above to check out.')).toBeInTheDocument();
  });

  it("changes a line's quantity and removes a line without leaving the page", async () => {
    const calls = cartServer(makeCart([makeCartLine(1, 10), makeCartLine(2, 7)]));
    renderCart();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Tool number 1' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Update Tool number 1' }));
    // 12 × $11.50: the page shows the server's new line total.
    expect(await screen.findByText('$138.00', { selector: 'p' })).toBeInTheDocument();
    const patch = calls.mock.calls.find(([, init]) => init.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/cart/lines/00000000-0000-4000-8000-000000000001');
    expect(JSON.parse(String(patch[1].body))).toEqual({ quantity: 12 });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Tool number 1' }));
    // The line goes once the server has answered and the page has read the cart again.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Tool number 1' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Tool number 2' })).toBeInTheDocument();
  });

  it("says 'quantity error' and offers no Update outside the minimum order … what is available", async () => {
    cartServer(makeCart([makeCartLine(1, 10)]));
    renderCart();
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Tool number 1' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    expect(screen.getByText('quantity error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Tool number 1' })).toBeDisabled();
  });

  it('says an empty cart is empty and leads to the tools', async () => {
    cartServer(makeCart([]));
    renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse all tools' }));
    expect(await screen.findByRole('heading', { name: 'All tools' })).toBeInTheDocument();
  });
});
