import { expect } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { injectAs, type TestAccount } from './accounts';

/**
 * Places a one-line order through the API (on `placeOn`) and pays it with the demo card (on `payOn`);
 * `headers` for an app whose PUBLIC_URL is not the default (its origin).
 */
export async function placePaidOrder(
  placeOn: App,
  customer: TestAccount,
  toolId: string,
  payOn: App = placeOn,
  headers: Record<string, string> = {},
): Promise<string> {
  const placed = await injectAs(placeOn, customer, {
    method: 'POST',
    url: '/api/order',
    headers,
    payload: { toolId, quantity: 1, address: '1 Main St' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = (placed.json() as { _id: string })._id;
  await payWithDemoCard(payOn, customer, orderId, headers);
  return orderId;
}

/** Pays an order with the demo card that succeeds, and checks that it was paid. */
export async function payWithDemoCard(
  app: App,
  customer: TestAccount,
  orderId: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const paid = await injectAs(app, customer, {
    method: 'POST',
    url: `/api/payment/${orderId}/demo`,
    headers,
    payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The order ids that receipts name, in the order the mails arrived. */
export const receiptOrderIds = (mails: { subject: string; text: string }[]) =>
  mails
    .filter((mail) => /receipt/.test(mail.subject))
    .map((mail) => mail.text.match(/Order: ([\w-]+)\./)![1]!);

/**
 * Orders written straight into the table, each with its one line (its tool, units and price), as every
 * order has had since migration 0017: for tests that need exact states and times.
 */
export async function insertOneLineOrders(
  db: Database,
  values: (typeof orders.$inferInsert)[],
): Promise<(typeof orders.$inferSelect)[]> {
  const rows = await db.insert(orders).values(values).returning();
  await db.insert(orderLines).values(
    rows.map((row) => ({
      orderId: row.id,
      position: 1,
      toolId: row.toolId,
      toolName: row.toolName,
      quantity: row.quantity,
      unitPriceCents: row.unitPriceCents!, // a one-line order always has its price
    })),
  );
  return rows;
}
