import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { injectAs, newAccountDetails, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// Decision 023's low-stock mail: every admin gets one when a tool falls below its threshold, once per crossing.
// Both engines; two server processes are in low-stock-notifier.postgres.test.ts.
const t = useTestApp({ seed: false });
let admin: TestAccount;
let admins: string[];
let counter = 0;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  const second = await signUp(t.app, newAccountDetails('second-admin'));
  const promoted = await injectAs(t.app, admin, {
    method: 'PUT',
    url: `/api/user/admin/${encodeURIComponent(second.email)}`,
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  admins = [admin.email, second.email].sort();
});

/** A product added through the API; its threshold is twice its minimum order unless given. */
async function addTool(availableQuantity: number, minimumOrder: number): Promise<Tool> {
  counter += 1;
  const response = await injectAs(t.app, admin, {
    method: 'POST',
    url: '/api/tools',
    payload: {
      name: `Watched tool ${counter}`,
      price: 10,
      availableQuantity,
      minimumOrder,
      description: 'A tool whose stock the admins watch.',
      img: '/images/tools/thermal-paste.svg',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tool;
}

async function order(buyer: TestAccount, tool: Tool, quantity: number): Promise<void> {
  const response = await injectAs(t.app, buyer, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId: tool._id, quantity, address: '1 Main St' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function restock(tool: Tool, onHand: number): Promise<void> {
  const response = await injectAs(t.app, admin, {
    method: 'PATCH',
    url: `/api/tools/${tool._id}`,
    payload: { restAvailableQuantity: onHand },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const lowStockMails = (tool: Tool) =>
  t.mailer.sent.filter((mail) => mail.subject === `Low stock: ${tool.name}`);
const recipients = (tool: Tool) =>
  lowStockMails(tool)
    .map((mail) => mail.to)
    .sort();

/**
 * Waits for a claim that began after every change made so far, then for the mails it queued: what has not
 * been mailed then, nobody will.
 */
const settled = async () => {
  await t.app.services.lowStock.check();
  await t.mailer.settled();
};

describe('the low-stock mail', () => {
  it('goes to each admin once when an order takes a tool below its threshold, and to nobody else', async () => {
    const customer = await signUp(t.app);
    const tool = await addTool(20, 5); // threshold 10
    await order(customer, tool, 10); // 10 left: not below
    await settled();
    expect(lowStockMails(tool)).toEqual([]);

    await order(customer, tool, 5); // 5 left
    await settled();
    expect(recipients(tool)).toEqual(admins);
    const [mail] = lowStockMails(tool);
    expect(mail!.text).toContain('Only 5 left to order, below its low-stock threshold of 10.');
    expect(mail!.text).toContain('http://localhost:3000/dashboard/overview');
    expect(mail!.html).toContain(`${tool.name} is running low`);

    await settled();
    expect(recipients(tool)).toEqual(admins);
    expect(
      t.mailer.sent.filter((sent) => sent.to === customer.email && /Low stock/.test(sent.subject)),
    ).toEqual([]);
  });

  it('says nothing more while the tool stays below its threshold', async () => {
    const customer = await signUp(t.app);
    const tool = await addTool(30, 5);
    await order(customer, tool, 25);
    await settled();
    expect(recipients(tool)).toEqual(admins);

    await order(customer, tool, 5); // sold out
    await settled();
    expect(recipients(tool)).toEqual(admins);
  });

  it('mails again after a restock above the threshold and a new fall below it', async () => {
    const customer = await signUp(t.app);
    const tool = await addTool(20, 5);
    await order(customer, tool, 12); // 8 left
    await settled();
    expect(recipients(tool)).toEqual(admins);

    await restock(tool, 40); // 28 available: re-armed
    await order(customer, tool, 20); // 8 left again
    await settled();
    expect(recipients(tool)).toEqual([...admins, ...admins].sort());
    expect(lowStockMails(tool).at(-1)!.text).toContain('Only 8 left to order');
  });

  it('mails once however often a customer orders below the threshold and cancels, again after a restock', async () => {
    const customer = await signUp(t.app);
    const tool = await addTool(100, 2); // threshold 4
    // Other buyers hold most of it, each less than a large share (decision 033), so that the customer's
    // small orders are what takes the tool below its threshold, again and again.
    for (let buyer = 0; buyer < 4; buyer += 1) await order(await signUp(t.app), tool, 24); // 4 left
    for (let cycle = 0; cycle < 10; cycle += 1) {
      const placed = await injectAs(t.app, customer, {
        method: 'POST',
        url: '/api/order',
        payload: { toolId: tool._id, quantity: 2, address: '1 Main St' }, // 2 left
      });
      expect(placed.statusCode, placed.body).toBe(201);
      await settled(); // a claim sees the tool low
      const cancelled = await injectAs(t.app, customer, {
        method: 'DELETE',
        url: `/api/order/${(placed.json() as { _id: string })._id}`,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect(recipients(tool)).toEqual(admins);

    await restock(tool, 130); // 34 available: re-armed
    await order(await signUp(t.app), tool, 31); // 3 left
    await settled();
    expect(recipients(tool)).toEqual([...admins, ...admins].sort());
    expect(lowStockMails(tool).at(-1)!.text).toContain('Only 3 left to order');
  });

  it('sends nothing for tools that stay at or above their threshold', async () => {
    const customer = await signUp(t.app);
    const tool = await addTool(100, 5);
    await order(customer, tool, 90); // 10 left: exactly the threshold
    await restock(tool, 150);
    await settled();
    expect(lowStockMails(tool)).toEqual([]);
  });
});
