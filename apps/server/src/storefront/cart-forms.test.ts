import { describe, expect, it } from 'vitest';
import { CART_COOKIE } from '@toolshop/shared/cart';
import { cookieHeader } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { NEW_VISITOR_CARTS_PER_WINDOW } from '../cart/new-cart-limit';
import { postPageForm, type PageFormSender } from '../test/page-forms';
import { textOf } from '../test/page-text';

// The cart's forms as a browser without JavaScript sends them: a urlencoded POST of the page, answered by
// its route action, which calls the API as the visitor.
const t = useTestApp({ webApp: true });

const postForm = (fields: Record<string, string>, sender: PageFormSender = {}) =>
  postPageForm(t.app, '/cart', fields, sender);

describe('cart forms before the scripts run', () => {
  it('adds a tool as a plain form: the visitor gets their cart cookie, lands on their cart, and CART counts it', async () => {
    const tool = await createTool(t.db, { minimumOrder: 3, onHand: 40 });
    const added = await postForm({ intent: 'add', toolId: tool.id, quantity: '5' });
    expect(added.statusCode, added.body).toBe(200);
    const cookie = cookieHeader(added);
    expect(cookie).toContain(`${CART_COOKIE}=`);
    const cartPage = textOf(added.body);
    expect(cartPage).toContain(tool.name);
    expect(cartPage).toContain('CART 1 line');
    expect(added.headers['cache-control']).toBe('private, no-cache');

    const later = await t.app.inject({ url: `/tools/${tool.id}`, headers: { cookie } });
    expect(textOf(later.body)).toContain('CART 1 line');
    const stranger = await t.app.inject({ url: `/tools/${tool.id}` });
    expect(textOf(stranger.body)).toContain('CART 0 lines');
  });

  it("refuses, with the API's status, a quantity below the tool's minimum order", async () => {
    const tool = await createTool(t.db, { minimumOrder: 3, onHand: 40 });
    const refused = await postForm({ intent: 'add', toolId: tool.id, quantity: '2' });
    expect(refused.statusCode).toBe(400);
    expect(textOf(refused.body)).toContain('CART 0 lines');
  });

  it("changes nothing for a form another site posts with the visitor's cookie", async () => {
    const tool = await createTool(t.db, { minimumOrder: 1, onHand: 40 });
    const cookie = cookieHeader(await postForm({ intent: 'add', toolId: tool.id, quantity: '2' }));
    const forged = await postForm(
      { intent: 'remove', toolId: tool.id },
      { cookie, origin: 'https://elsewhere.example' },
    );
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    const cart = await t.app.inject({ url: '/api/cart', headers: { cookie } });
    expect(cart.json<{ lineCount: number }>().lineCount).toBe(1);
  });

  it("counts a visitor's new cart against the visitor's own address, as the API does", async () => {
    const tool = await createTool(t.db, { minimumOrder: 1, onHand: 1000 });
    // More visitors than one address may start carts for: each from an address of its own.
    for (let i = 1; i <= NEW_VISITOR_CARTS_PER_WINDOW + 1; i += 1) {
      const added = await postForm(
        { intent: 'add', toolId: tool.id, quantity: '1' },
        { remoteAddress: `198.51.100.${i}` },
      );
      expect(added.statusCode, `visitor ${i}`).toBe(200);
    }
    // One address starting too many is refused, as it is on the API.
    const flooder = '203.0.113.9';
    for (let i = 0; i < NEW_VISITOR_CARTS_PER_WINDOW; i += 1) {
      expect(
        (await postForm({ intent: 'add', toolId: tool.id, quantity: '1' }, { remoteAddress: flooder }))
          .statusCode,
      ).toBe(200);
    }
    const flooded = await postForm(
      { intent: 'add', toolId: tool.id, quantity: '1' },
      { remoteAddress: flooder },
    );
    expect(flooded.statusCode).toBe(429);
  });
});
