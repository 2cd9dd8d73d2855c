import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockOf } from '../test/catalogue';

const t = useTestApp({ seed: false });

let customer: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

const restock = (account: TestAccount | null, id: string, payload: unknown) =>
  injectAs(t.app, account, {
    method: 'PATCH',
    url: `/api/tools/${id}`,
    payload: payload as Record<string, unknown>,
  });

describe('PATCH /api/tools/:id (restocking)', () => {
  it('lets an admin set the stock', async () => {
    const tool = await createTool(t.db, { onHand: 2 });

    const response = await restock(admin, tool.id, { restAvailableQuantity: 250 });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: tool.id, availableQuantity: 250 });
    expect(await stockOf(t.db, tool.id)).toBe(250);
  });

  it('refuses customers (403) and visitors (401), changing nothing', async () => {
    const tool = await createTool(t.db, { onHand: 7 });

    expect((await restock(customer, tool.id, { restAvailableQuantity: 0 })).statusCode).toBe(403);
    expect((await restock(null, tool.id, { restAvailableQuantity: 0 })).statusCode).toBe(401);
    expect(await stockOf(t.db, tool.id)).toBe(7);
  });

  it.each([
    ['a negative stock', { restAvailableQuantity: -1 }, 'Must be 0 or more'],
    ['a fractional stock', { restAvailableQuantity: 2.5 }, 'Must be a whole number'],
    ['no stock at all', {}, 'availableQuantity is Required'],
  ])('answers 400 to %s', async (_label, body, message) => {
    const tool = await createTool(t.db, { onHand: 7 });

    const response = await restock(admin, tool.id, body);

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['body.restAvailableQuantity']).toBe(message);
    expect(await stockOf(t.db, tool.id)).toBe(7);
  });

  it('answers 404 for an unknown or malformed tool', async () => {
    expect(
      (await restock(admin, '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a', { restAvailableQuantity: 1 })).statusCode,
    ).toBe(404);
    expect((await restock(admin, 'nope', { restAvailableQuantity: 1 })).statusCode).toBe(404);
  });
});
