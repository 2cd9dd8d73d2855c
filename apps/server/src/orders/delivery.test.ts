import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activityPageSchema } from '@toolshop/shared/admin';
import { orderSchema, type Order } from '@toolshop/shared/order';
import { orderDetailSchema } from '@toolshop/shared/order-detail';
import { orders, user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { refuseAtCommit } from '../test/refuse-at-commit';

const t = useTestApp({ seed: false });

let admin: TestAccount;
let adminId: string;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  [{ id: adminId }] = (await t.db.select({ id: user.id }).from(user).where(eq(user.email, admin.email))) as [
    { id: string },
  ];
});

const tool = () => createTool(t.db, { name: `Crimper ${Math.random().toString(36).slice(2, 8)}` });

async function place(customer: TestAccount, toolId: string, quantity = 2): Promise<Order> {
  const response = await injectAs(t.app, customer, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity, address: 'Dock 4' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

async function placePaid(customer: TestAccount, toolId: string): Promise<Order> {
  const order = await place(customer, toolId);
  const paid = await injectAs(t.app, customer, {
    method: 'POST',
    url: `/api/payment/${order._id}/demo`,
    payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return order;
}

const deliver = (id: string) => injectAs(t.app, admin, { method: 'PATCH', url: `/api/order/${id}/delivery` });
const cancel = (account: TestAccount, id: string) =>
  injectAs(t.app, account, { method: 'DELETE', url: `/api/order/${id}` });
const deliveredMails = async (to: string) => {
  await t.mailer.settled();
  return t.mailer.sent.filter((mail) => mail.to === to && /delivered/.test(mail.subject));
};

async function detail(id: string) {
  const response = await injectAs(t.app, admin, { url: `/api/order/${id}/detail` });
  expect(response.statusCode, response.body).toBe(200);
  return orderDetailSchema.parse(response.json());
}

async function deliveredEntries(orderId: string) {
  const response = await injectAs(t.app, admin, {
    url: '/api/admin/activity?kind=order.delivered&limit=100',
  });
  return activityPageSchema.parse(response.json()).items.filter((entry) => entry.subject.id === orderId);
}

describe('marking an order delivered', () => {
  it('mails its customer once, after the change has committed, with a plain-text part', async () => {
    const customer = await signUp(t.app);
    const crimper = await tool();
    const order = await placePaid(customer, crimper.id);
    // What the database says while the mail is being sent: the delivery must already be there for all.
    const seenWhenSending: Promise<string>[] = [];
    const send = vi.spyOn(t.mailer, 'send');
    send.mockImplementation(async (mail) => {
      if (/delivered/.test(mail.subject)) {
        seenWhenSending.push(
          t.db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, order._id))
            .then(([row]) => row!.status),
        );
      }
      t.mailer.sent.push(mail);
    });

    try {
      expect((await deliver(order._id)).statusCode).toBe(200);
      expect((await deliver(order._id)).statusCode).toBe(200);
      await t.mailer.settled();
    } finally {
      send.mockRestore();
    }

    const mails = await deliveredMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(await Promise.all(seenWhenSending)).toEqual(['delivered']);
    expect(mails[0]!.subject).toBe(`Your Toolshop order of ${crimper.name} was delivered`);
    expect(mails[0]!.text).toBe(
      [
        `Good news, ${customer.name}`,
        '',
        `Your order of 2 × ${crimper.name} has been delivered.`,
        `Order: ${order._id}. Thank you for shopping with Toolshop.`,
        '',
        'See my orders: http://localhost:3000/dashboard/myOrders',
        '',
        '— Toolshop',
      ].join('\n'),
    );
    expect(mails[0]!.html).toContain(`Your order of 2 × ${crimper.name} has been delivered.`);
  });

  it('logs who delivered it, when and from where, once, in the same change', async () => {
    const customer = await signUp(t.app);
    const crimper = await tool();
    const order = await placePaid(customer, crimper.id);

    await deliver(order._id);
    await deliver(order._id);

    const entries = await deliveredEntries(order._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'order.delivered',
      actor: { id: adminId, email: admin.email, name: admin.name },
      subject: { type: 'order', id: order._id, label: `2 × ${crimper.name} for ${customer.name}` },
      details: { customer: customer.email },
      ip: '127.0.0.1',
    });
  });

  it('logs and mails nothing when the order cannot be delivered', async () => {
    const customer = await signUp(t.app);
    const unpaid = await place(customer, (await tool()).id);

    expect((await deliver(unpaid._id)).statusCode).toBe(409);

    expect(await deliveredEntries(unpaid._id)).toEqual([]);
    expect(await deliveredMails(customer.email)).toEqual([]);
  });

  it('logs and mails nothing when the delivery fails as it commits', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);
    const undo = await refuseAtCommit(t.db, orders, `new.id = '${order._id}' and new.status = 'delivered'`);
    try {
      expect((await deliver(order._id)).statusCode).toBe(500);
    } finally {
      await undo();
    }

    expect((await detail(order._id)).status).toBe('paid');
    expect(await deliveredEntries(order._id)).toEqual([]);
    expect(await deliveredMails(customer.email)).toEqual([]);
  });

  it('still delivers when the mail server fails, and mails once it is back', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);
    await t.mailer.settled();
    const send = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('SMTP server down'));

    try {
      const response = await deliver(order._id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'delivered' });
      expect((await detail(order._id)).status).toBe('delivered');
      // The outbox's worker tries again after its backoff (shortened for the tests).
      await expect.poll(() => deliveredMails(customer.email)).toHaveLength(1);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });
});

describe('GET /api/order/:id/detail', () => {
  it('tells when the order was placed, paid and delivered, and by whom', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);
    await deliver(order._id);

    const shown = await detail(order._id);

    expect(shown).toMatchObject({ _id: order._id, status: 'delivered', paid: true });
    const byCustomer = { name: customer.name, email: customer.email, role: 'customer' };
    expect(shown.timeline).toEqual([
      { event: 'placed', at: order.createdAt, by: byCustomer },
      { event: 'paid', at: expect.any(String), by: byCustomer },
      {
        event: 'delivered',
        at: expect.any(String),
        by: { name: admin.name, email: admin.email, role: 'admin' },
      },
    ]);
    const times = shown.timeline.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('tells whether the customer or an admin cancelled it', async () => {
    const customer = await signUp(t.app);
    const crimper = await tool();
    const ownCancel = await place(customer, crimper.id);
    const adminCancel = await place(customer, crimper.id);
    await cancel(customer, ownCancel._id);
    await cancel(admin, adminCancel._id);

    expect((await detail(ownCancel._id)).timeline.map(({ event, by }) => [event, by?.role])).toEqual([
      ['placed', 'customer'],
      ['cancelled', 'customer'],
    ]);
    const cancelledByAdmin = (await detail(adminCancel._id)).timeline.at(-1);
    expect(cancelledByAdmin).toEqual({
      event: 'cancelled',
      at: expect.any(String),
      by: { name: admin.name, email: admin.email, role: 'admin' },
    });
  });

  it('shows a hold that ran out as expired, by nobody, before the customer dismissed it', async () => {
    const customer = await signUp(t.app);
    const order = await place(customer, (await tool()).id);
    const [{ expiresAt }] = (await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id))
      .returning({ expiresAt: orders.expiresAt })) as [{ expiresAt: Date }];

    // Expired before the sweep has written it so, and still after the customer dismissed it.
    const expired = { event: 'expired', at: expiresAt.toISOString(), by: null };
    expect((await detail(order._id)).timeline.map(({ event }) => event)).toEqual(['placed', 'expired']);
    expect((await detail(order._id)).timeline[1]).toEqual(expired);
    await t.app.services.orders.expireDue();
    expect((await cancel(customer, order._id)).json()).toEqual({ deletedCount: 1 });
    expect((await detail(order._id)).timeline.map(({ event, by }) => [event, by?.role ?? null])).toEqual([
      ['placed', 'customer'],
      ['expired', null],
      ['cancelled', 'customer'],
    ]);
  });

  it('answers the order to its customer, 404 to another customer, 401 signed out, 200 to an admin', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);
    await deliver(order._id);
    const url = `/api/order/${order._id}/detail`;

    const own = await injectAs(t.app, customer, { url });
    expect(own.statusCode, own.body).toBe(200);
    const shown = orderDetailSchema.parse(own.json());
    expect(shown).toMatchObject({ _id: order._id, number: order.number, status: 'delivered' });
    // The customer learns when it was delivered, not which admin did it.
    expect(shown.timeline.at(-1)).toEqual({ event: 'delivered', at: expect.any(String), by: null });
    expect(own.body).not.toContain(admin.email);

    expect((await injectAs(t.app, await signUp(t.app), { url })).statusCode).toBe(404);
    expect((await injectAs(t.app, null, { url })).statusCode).toBe(401);
    expect((await injectAs(t.app, admin, { url })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a', 'not-an-id']) {
      const response = await injectAs(t.app, admin, { url: `/api/order/${id}/detail` });
      expect(response.statusCode, id).toBe(404);
    }
  });
});

describe('marking an order shipped', () => {
  const ship = (id: string, payload?: object) =>
    injectAs(t.app, admin, { method: 'POST', url: `/api/order/${id}/ship`, ...(payload ? { payload } : {}) });
  const shippedMails = async (to: string) => {
    await t.mailer.settled();
    return t.mailer.sent.filter((mail) => mail.to === to && /has shipped/.test(mail.subject));
  };
  const shippedEntries = async (orderId: string) => {
    const response = await injectAs(t.app, admin, {
      url: '/api/admin/activity?kind=order.shipped&limit=100',
    });
    return activityPageSchema.parse(response.json()).items.filter((entry) => entry.subject.id === orderId);
  };
  const numberOf = async (id: string) =>
    (await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, id)))[0]!.number;

  it('ships a paid order once: one log entry, one mail with the carrier and tracking number', async () => {
    const customer = await signUp(t.app);
    const crimper = await tool();
    const order = await placePaid(customer, crimper.id);
    const shipment = { carrier: ' UPS ', trackingNumber: '1Z999AA10123456784' };

    const first = await ship(order._id, shipment);
    const again = await ship(order._id, { carrier: 'DHL', trackingNumber: 'other' });

    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ _id: order._id, status: 'shipped', paid: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'shipped' });
    const number = await numberOf(order._id);
    const mails = await shippedMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Toolshop order #${number} has shipped`);
    expect(mails[0]!.text).toBe(
      [
        `Good news, ${customer.name}`,
        '',
        `Your order #${number} of 2 × ${crimper.name} is on its way.`,
        'Carrier: UPS. Tracking number: 1Z999AA10123456784.',
        `Order: ${order._id}. We will let you know when it is delivered.`,
        '',
        'See my orders: http://localhost:3000/dashboard/myOrders',
        '',
        '— Toolshop',
      ].join('\n'),
    );
    expect(mails[0]!.html).toContain('Carrier: UPS. Tracking number: 1Z999AA10123456784.');
    const entries = await shippedEntries(order._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'order.shipped',
      actor: { id: adminId, email: admin.email },
      subject: { type: 'order', id: order._id, label: `2 × ${crimper.name} for ${customer.name}` },
      details: { customer: customer.email, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
  });

  it('ships without a body, and its mail then names no carrier', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);

    const response = await ship(order._id);

    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await shippedMails(customer.email);
    expect(mail!.text).not.toMatch(/Carrier|Tracking/);
    expect((await detail(order._id)).timeline.at(-1)).toMatchObject({
      event: 'shipped',
      carrier: null,
      trackingNumber: null,
    });
  });

  it('refuses an unpaid or delivered order, and a carrier too long, logging and mailing nothing', async () => {
    const customer = await signUp(t.app);
    const crimper = await tool();
    const unpaid = await place(customer, crimper.id);
    const delivered = await placePaid(customer, crimper.id);
    await deliver(delivered._id);
    const paid = await placePaid(customer, crimper.id);

    expect((await ship(unpaid._id)).statusCode).toBe(409);
    const refused = await ship(delivered._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'Only a paid order can be shipped.' } });
    expect((await ship(paid._id, { carrier: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await ship('7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a')).statusCode).toBe(404);

    for (const id of [unpaid._id, delivered._id, paid._id]) expect(await shippedEntries(id)).toEqual([]);
    expect(await shippedMails(customer.email)).toEqual([]);
    expect((await detail(paid._id)).status).toBe('paid');
  });

  it('answers 403 to a customer', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);
    const response = await injectAs(t.app, customer, { method: 'POST', url: `/api/order/${order._id}/ship` });
    expect(response.statusCode).toBe(403);
  });

  it('delivers a shipped order, and the timeline tells each step and who did it', async () => {
    const customer = await signUp(t.app);
    const order = await placePaid(customer, (await tool()).id);

    await ship(order._id, { carrier: 'DHL' });
    const delivered = await deliver(order._id);

    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
    const byAdmin = { name: admin.name, email: admin.email, role: 'admin' };
    const { timeline } = await detail(order._id);
    expect(timeline.map(({ event }) => event)).toEqual(['placed', 'paid', 'shipped', 'delivered']);
    expect(timeline[2]).toEqual({
      event: 'shipped',
      at: expect.any(String),
      by: byAdmin,
      carrier: 'DHL',
      trackingNumber: null,
    });
    expect(timeline[3]).toMatchObject({ event: 'delivered', by: byAdmin });
    expect(await deliveredMails(customer.email)).toHaveLength(1);
  });
});
