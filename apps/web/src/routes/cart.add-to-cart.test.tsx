import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCart, makeCartLine, makeTool } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import * as cartRoute from './cart';
import { AddToCartForm } from '../features/cart';

// minimumOrder 8, availableQuantity 1003
const tool = makeTool(3);

function renderForm({ withQuantity = false } = {}) {
  return renderRoutes(
    [
      { path: '/tools/:id', Component: () => <AddToCartForm tool={tool} withQuantity={withQuantity} /> },
      { path: '/cart', action: cartRoute.action, Component: () => <h1>Your cart</h1> },
    ],
    { route: `/tools/${tool._id}`, context: storefrontStub() },
  );
}

const addButton = () => screen.getByRole('button', { name: `Add to cart ${tool.name}` });

describe('AddToCartForm', () => {
  it('adds the quantity picked on the product page and says so without leaving the page', async () => {
    const calls = mockRoutes({
      'POST /api/cart/lines': { status: 201, body: makeCart([makeCartLine(3, 20)]) },
    });
    renderForm({ withQuantity: true });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveValue(tool.minimumOrder);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    await userEvent.click(addButton());

    // The live region is there from the start, empty: wait for what it says.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Added ${tool.name} to your cart.`),
    );
    expect(screen.queryByRole('heading', { name: 'Your cart' })).not.toBeInTheDocument();
    const [path, init] = calls.mock.calls.find(([, request]) => request.method === 'POST')!;
    expect(path).toBe('/api/cart/lines');
    expect(JSON.parse(String(init.body))).toEqual({ toolId: tool._id, quantity: 20 });
  });

  it("says 'quantity error' and offers no Add to cart outside the minimum order … what is available", async () => {
    renderForm({ withQuantity: true });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, String(tool.minimumOrder - 1));
    expect(screen.getByText('quantity error')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, String(tool.availableQuantity + 1));
    expect(addButton()).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, String(tool.availableQuantity));
    expect(addButton()).toBeEnabled();
  });

  it("a card adds the tool's minimum order", async () => {
    const calls = mockRoutes({
      'POST /api/cart/lines': { status: 201, body: makeCart([makeCartLine(3, 8)]) },
    });
    renderForm();
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Added ${tool.name} to your cart.`),
    );
    const [, init] = calls.mock.calls.find(([, request]) => request.method === 'POST')!;
    expect(JSON.parse(String(init.body))).toEqual({ toolId: tool._id, quantity: tool.minimumOrder });
  });

  it("shows the server's refusal in the status line", async () => {
    mockRoutes({
      'POST /api/cart/lines': {
        status: 409,
        body: { error: { code: 'cart_full', message: 'A cart holds at most 50 lines.' } },
      },
    });
    renderForm();
    await userEvent.click(addButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('A cart holds at most 50 lines.'),
    );
  });
});
