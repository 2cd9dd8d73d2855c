import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@toolshop/shared/order';
import { toasts } from '@toolshop/shared/messages';
import { makeTool } from '../../../test/fixtures';
import { findToast, mockRoutes, renderWithProviders } from '../../../test/render';
import { makeSession } from '../../../test/fixtures';
import { PurchasePage } from './purchase-page';

afterEach(() => vi.unstubAllGlobals());

// minimumOrder 8, availableQuantity 1003, price $13.50
const tool = makeTool(3);
const session = makeSession();

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/purchase/:purchaseId" element={<PurchasePage tool={tool} />} />
      <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
    </Routes>,
    { route: `/purchase/${tool._id}` },
  );
}

function orderFrom(body: { quantity: number; address: string; phone?: string }): Order {
  const total = tool.price * body.quantity;
  return {
    _id: 'order-1',
    number: 1042,
    email: session.user.email,
    name: session.user.name,
    toolId: tool._id,
    tool: tool.name,
    quantity: body.quantity,
    address: body.address,
    phone: body.phone ?? null,
    unitPrice: tool.price,
    lines: [{ toolId: tool._id, tool: tool.name, quantity: body.quantity, unitPrice: tool.price, total }],
    subtotal: total,
    shipping: 0,
    total,
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: null,
  };
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place Order' });

describe('PurchasePage', () => {
  it('shows the tool and a form with read-only tool, name and e-mail', async () => {
    mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: tool.name })).toBeInTheDocument();
    expect(screen.getByText('Available quantity').nextSibling).toHaveTextContent('1,003');
    expect(screen.getByLabelText('Tool')).toHaveValue(tool.name);
    expect(screen.getByLabelText('Tool')).toHaveAttribute('readonly');
    expect(await screen.findByDisplayValue('Ada Lovelace')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it("shows 'quantity error' and keeps Place Order disabled until a quantity in range is typed", async () => {
    mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
    });
    const user = userEvent.setup();
    renderPage();

    const quantity = await screen.findByLabelText('Quantity');
    // An untouched form says nothing yet, but cannot be sent either.
    expect(screen.queryByText('quantity error')).not.toBeInTheDocument();
    expect(placeOrderButton()).toBeDisabled();

    await user.type(quantity, '7');
    expect(screen.getByText('quantity error')).toBeInTheDocument();
    expect(placeOrderButton()).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '1004');
    expect(screen.getByText('quantity error')).toBeInTheDocument();
    expect(placeOrderButton()).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '8');
    expect(screen.queryByText('quantity error')).not.toBeInTheDocument();
    expect(placeOrderButton()).toBeEnabled();
    expect(screen.getByText('$108.00')).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '1003');
    expect(screen.queryByText('quantity error')).not.toBeInTheDocument();
    expect(placeOrderButton()).toBeEnabled();
  });

  it('sends nothing when the form is submitted with a quantity out of range', async () => {
    const fetchMock = mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
      'POST /api/order': (body) => ({
        status: 201,
        body: orderFrom(body as Parameters<typeof orderFrom>[0]),
      }),
    });
    const user = userEvent.setup();
    renderPage();

    const quantity = await screen.findByLabelText('Quantity');
    await user.type(quantity, '2');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('Phone (optional)'), '{Enter}');
    expect(screen.getByText('quantity error')).toBeInTheDocument();

    // An order sent by the refused submit would arrive before this one: waiting for this one's page
    // leaves the first no time to slip in after the check.
    await user.clear(quantity);
    await user.type(quantity, '8{Enter}');
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init.body)).quantity)).toEqual([8]);
  });

  it("requires an address: 'Address is Required'", async () => {
    const fetchMock = mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByLabelText('Quantity'), '10');
    await user.click(placeOrderButton());

    expect(await screen.findByText('Address is Required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('places the order, confirms it and goes straight on to its payment page', async () => {
    let stock = tool.availableQuantity;
    const fetchMock = mockRoutes({
      [`GET /api/tools/${tool._id}`]: () => ({ body: { ...tool, availableQuantity: stock } }),
      'GET /api/auth/get-session': { body: session },
      'POST /api/order': (body) => {
        const order = orderFrom(body as Parameters<typeof orderFrom>[0]);
        stock -= order.quantity;
        return { status: 201, body: order };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByLabelText('Quantity'), '10');
    await user.type(screen.getByLabelText('Address'), '1 Main St, Springfield');
    await user.type(screen.getByLabelText('Phone (optional)'), '+1 555 0100');
    await user.click(placeOrderButton());

    expect(await screen.findByText(toasts.orderPlaced)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/order');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      toolId: tool._id,
      quantity: 10,
      address: '1 Main St, Springfield',
      phone: '+1 555 0100',
    });
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
  });

  it("shows the server's refusal in a toast and under the form", async () => {
    mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
      'POST /api/order': {
        status: 409,
        body: { error: { code: 'insufficient_stock', message: 'Only 3 left in stock.' } },
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByLabelText('Quantity'), '10');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.click(placeOrderButton());

    const form = screen.getByRole('form', { name: 'Place your order' });
    expect(await within(form).findByText('Only 3 left in stock.')).toBeInTheDocument();
    expect(await findToast('Only 3 left in stock.')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveFocus();
  });

  it('sends an Idempotency-Key, the same when the buyer tries the same order again, a new one for another', async () => {
    const answers = [
      { status: 503, body: { error: { code: 'database_unavailable', message: 'Away for a moment.' } } },
      { status: 503, body: { error: { code: 'database_unavailable', message: 'Away for a moment.' } } },
    ];
    const fetchMock = mockRoutes({
      [`GET /api/tools/${tool._id}`]: { body: tool },
      'GET /api/auth/get-session': { body: session },
      'POST /api/order': (body) =>
        answers.shift() ?? { status: 201, body: orderFrom(body as Parameters<typeof orderFrom>[0]) },
    });
    const user = userEvent.setup();
    renderPage();

    await user.type(await screen.findByLabelText('Quantity'), '10');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.click(placeOrderButton());
    expect(await findToast('Away for a moment.')).toBeInTheDocument();
    await user.click(placeOrderButton());
    await user.type(screen.getByLabelText('Address'), ', Springfield');
    await user.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init.method === 'POST')
      .map(([, init]) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
