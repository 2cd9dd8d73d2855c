import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyAgainResultSchema } from '@toolshop/shared/buy-again';
import { tools, user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { callPlaceCheckout } from '../test/place-checkout';

const t = useTestApp({ seed: false });

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

const userIdOf = async (account: TestAccount) =>
  (await t.db.select({ id: user.id }).from(user).where(eq(user.email, account.email)))[0]!.id;

const buyAgain = (account: TestAccount, orderId: string) =>
  injectAs(t.app, account, { method: 'POST', url: `/api/order/${orderId}/buy-again` });

/** An order of the customer's with a line of 3 units of each tool, at the tools' prices. */
async function orderOf(customer: TestAccount, lineTools: (typeof tools.$inferSelect)[]): Promise<string> {
  const placed = await callPlaceCheckout(t.db, {
    userId: await userIdOf(customer),
    lines: lineTools.map((tool) => ({ toolId: tool.id, quantity: 3, priceCents: tool.priceCents })),
  });
  expect(placed.refusal).toBeNull();
  return placed.order_id!;
}

describe('POST /api/order/:id/buy-again', () => {
  it("puts the order's lines in the cart at today's prices, and tells which tools are gone or refused", async () => {
    const customer = await signUp(t.app);
    const repriced = await createTool(t.db, { name: 'Repriced', priceCents: 1000, onHand: 50 });
    const gone = await createTool(t.db, { name: 'Gone', onHand: 50 });
    const scarce = await createTool(t.db, { name: 'Scarce', onHand: 50 });
    const raised = await createTool(t.db, { name: 'Raised minimum', onHand: 50 });
    const orderId = await orderOf(customer, [repriced, gone, scarce, raised]);
    await t.db.update(tools).set({ priceCents: 1200 }).where(eq(tools.id, repriced.id));
    await t.db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone.id));
    // Its 3 units are still held by the unpaid order: 2 left for anyone else.
    await t.db.update(tools).set({ onHand: 5 }).where(eq(tools.id, scarce.id));
    await t.db.update(tools).set({ minimumOrder: 10 }).where(eq(tools.id, raised.id));

    const response = await buyAgain(customer, orderId);

    expect(response.statusCode, response.body).toBe(200);
    const result = buyAgainResultSchema.parse(response.json());
    expect(result.added).toEqual([{ toolId: repriced.id, name: 'Repriced', quantity: 3 }]);
    expect(result.gone).toEqual([{ toolId: gone.id, name: 'Gone', quantity: 3 }]);
    expect(result.notAdded).toEqual([
      {
        toolId: scarce.id,
        name: 'Scarce',
        quantity: 3,
        reason: 'insufficient_stock',
        message: 'Only 2 left in stock.',
      },
      {
        toolId: raised.id,
        name: 'Raised minimum',
        quantity: 3,
        reason: 'below_minimum_order',
        message: 'quantity error',
      },
    ]);
    expect(result.cart.lines.map((line) => [line.toolId, line.quantity, line.unitPriceCents])).toEqual([
      [repriced.id, 3, 1200],
    ]);
    expect(result.cart).toMatchObject({ subtotalCents: 3600, readyForCheckout: true });
  });

  it('adds to a line already in the cart, as any add does', async () => {
    const customer = await signUp(t.app);
    const wrench = await createTool(t.db, { onHand: 50 });
    const orderId = await orderOf(customer, [wrench]);

    await buyAgain(customer, orderId);
    const again = buyAgainResultSchema.parse((await buyAgain(customer, orderId)).json());

    expect(again.cart.lines.map((line) => line.quantity)).toEqual([6]);
  });

  it("answers 404 for someone else's order, an admin's included, and 401 when signed out", async () => {
    const customer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const orderId = await orderOf(customer, [await createTool(t.db)]);

    expect((await buyAgain(stranger, orderId)).statusCode).toBe(404);
    expect((await buyAgain(admin, orderId)).statusCode).toBe(404);
    expect(
      (await injectAs(t.app, null, { method: 'POST', url: `/api/order/${orderId}/buy-again` })).statusCode,
    ).toBe(401);
    expect((await buyAgain(customer, 'not-an-id')).statusCode).toBe(404);
  });
});
