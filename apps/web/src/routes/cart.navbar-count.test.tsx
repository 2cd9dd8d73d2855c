import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCart, makeCartLine, makeTool } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import * as cartRoute from './cart';
import { shouldRevalidate } from '../root';
import Site from './site';
import { AddToCartForm } from '../features/cart';

const tool = makeTool(3);

describe("the navbar's CART", () => {
  it('shows the count the server read, and the new one once a tool is added', async () => {
    let lines = 2;
    mockRoutes({
      'GET /api/auth/get-session': { body: null },
      'POST /api/cart/lines': () => {
        lines += 1;
        return { status: 201, body: makeCart([makeCartLine(3, 8)]) };
      },
    });
    renderRoutes(
      [
        {
          id: 'root',
          loader: () => ({ user: null, cartLines: lines, publicUrl: 'http://localhost' }),
          shouldRevalidate,
          children: [
            {
              Component: Site,
              children: [
                { path: '/tools/:id', Component: () => <AddToCartForm tool={tool} /> },
                { path: '/cart', action: cartRoute.action, Component: () => null },
              ],
            },
          ],
        },
      ],
      { route: `/tools/${tool._id}`, context: storefrontStub() },
    );
    expect(await screen.findByRole('link', { name: 'CART 2 lines' })).toHaveAttribute('href', '/cart');
    await userEvent.click(screen.getByRole('button', { name: `Add to cart ${tool.name}` }));
    expect(await screen.findByRole('link', { name: 'CART 3 lines' })).toBeInTheDocument();
  });
});
