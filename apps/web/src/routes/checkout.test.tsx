import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Checkout } from '@toolshop/shared/cart';
import { makeCart, makeCartLine, makeOrder } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub, type MockRoute } from '../test/render';
import * as checkoutRoute from './checkout';

function Where({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return (
    <h1>
      {name} at {pathname}
      {search}
    </h1>
  );
}

function renderCheckout() {
  return renderRoutes(
    [
      {
        path: '/checkout',
        loader: checkoutRoute.loader,
        action: checkoutRoute.action,
        Component: checkoutRoute.default as never,
      },
      { path: '/login', Component: () => <Where name="Login" /> },
      { path: '/dashboard/payment/:id', Component: () => <Where name="Payment" /> },
      { path: '/tools', Component: () => <h1>All tools</h1> },
      { path: '/cart', Component: () => <h1>Your cart</h1> },
    ],
    { route: '/checkout', context: storefrontStub() },
  );
}

const [first, second, third] = [makeCartLine(1, 10), makeCartLine(2, 7), makeCartLine(3, 8)];

/** Ada's cart of three lines, $15.00 shipping, and the address and phone of her last order. */
const readyCheckout: Checkout = {
  cart: makeCart([first!, second!, third!], 1500),
  address: '1 Main St, Springfield',
  phone: '555-0100',
};

function checkoutServer(checkout: Checkout | MockRoute, place?: MockRoute) {
  return mockRoutes({
    'GET /api/checkout': 'body' in checkout || typeof checkout === 'function' ? checkout : { body: checkout },
    ...(place ? { 'POST /api/checkout': place } : {}),
  });
}

const lineOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const posts = (calls: ReturnType<typeof mockRoutes>) =>
  calls.mock.calls.filter(([, init]) => init.method === 'POST');

describe('/checkout', () => {
  it("prefills the last order's address and phone, and shows each line and the server's amounts", async () => {
    checkoutServer(readyCheckout);
    renderCheckout();

    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveValue('1 Main St, Springfield');
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('555-0100');
    const line = within(lineOf('Tool number 2'));
    expect(line.getByRole('link', { name: 'Tool number 2' })).toHaveAttribute(
      'href',
      '/tools/00000000-0000-4000-8000-000000000002',
    );
    expect(line.getByText(/Quantity/).parentElement).toHaveTextContent('Quantity 7 · $12.50 per unit');
    expect(line.getByText('$87.50')).toBeInTheDocument();
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    // 10 × $11.50 + 7 × $12.50 + 8 × $13.50 = $310.50, and the $15.00 shipping the server charged.
    expect(summary.getByText('Subtotal').nextSibling).toHaveTextContent('$310.50');
    expect(summary.getByText('Shipping').nextSibling).toHaveTextContent('$15.00');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$325.50');
  });

  it('places the order of the cart with a key from the page, then goes to its payment', async () => {
    const calls = checkoutServer(readyCheckout, {
      status: 201,
      body: makeOrder({ _id: 'order-77' }),
    });
    renderCheckout();
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await userEvent.clear(address);
    await userEvent.type(address, '9 Harbour Road');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(
      await screen.findByRole('heading', { name: 'Payment at /dashboard/payment/order-77' }),
    ).toBeVisible();
    const [post] = posts(calls);
    // No lines: the API orders the cart's, at the prices shown, and empties the cart of them.
    expect(JSON.parse(String(post![1].body))).toEqual({ address: '9 Harbour Road', phone: '555-0100' });
    expect((post![1].headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows a refusal on the line it names, keeps what was typed, and tries again with a new key', async () => {
    const refusal = 'Only 3 of Tool number 2 left in stock.';
    const calls = checkoutServer(readyCheckout, {
      status: 409,
      body: {
        error: {
          code: 'insufficient_stock',
          message: refusal,
          fields: { [`lines.${second!.toolId}`]: refusal },
        },
      },
    });
    renderCheckout();
    const phone = await screen.findByRole('textbox', { name: 'Phone (optional)' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await within(lineOf('Tool number 2')).findByText(refusal)).toBeInTheDocument();
    expect(within(lineOf('Tool number 1')).queryByText(refusal)).not.toBeInTheDocument();
    expect(screen.getByText('Your order was not placed: see the message below.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('555-0199');
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await within(lineOf('Tool number 2')).findByText(refusal);
    const keys = posts(calls).map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("refuses an empty address with SPEC's message under the field, keeping the phone, sending nothing", async () => {
    const calls = checkoutServer(readyCheckout);
    renderCheckout();
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Address is Required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('555-0100');
    expect(posts(calls)).toHaveLength(0);
  });

  it('says an empty cart is empty and leads to the tools', async () => {
    checkoutServer({ cart: makeCart([]), address: null, phone: null });
    renderCheckout();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse all tools' }));
    expect(await screen.findByRole('heading', { name: 'All tools' })).toBeInTheDocument();
  });

  it('names the lines a cart not ready has, offers no Place order, and leads back to the cart', async () => {
    checkoutServer({
      cart: makeCart([first!, makeCartLine(2, 7, { shortOfStock: true, availableQuantity: 3 })]),
      address: null,
      phone: null,
    });
    renderCheckout();
    const blocked = await screen.findByText('Only 3 available: lower the quantity to check out.');
    expect(blocked.closest('li')).toHaveTextContent('Tool number 2');
    expect(screen.queryByText('Tool number 1')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to your cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page, which returns here', async () => {
    checkoutServer({ status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } });
    renderCheckout();
    expect(
      await screen.findByRole('heading', { name: 'Login at /login?redirectTo=%2Fcheckout' }),
    ).toBeVisible();
  });

  it('tells an account whose e-mail is not confirmed why it cannot order', async () => {
    const message = 'Verify your e-mail address before placing an order: open the link we sent you.';
    checkoutServer({ status: 403, body: { error: { code: 'email_not_verified', message } } });
    renderCheckout();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});
