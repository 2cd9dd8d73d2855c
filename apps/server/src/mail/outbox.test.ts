import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../db/schema';
import { injectAs, signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder, receiptOrderIds } from '../test/orders';
import { refuseAtCommit } from '../test/refuse-at-commit';
import { useSmtpInbox } from '../test/smtp-inbox';

// Decision 037: a mail is queued in the transaction of the change that causes it and sent by the outbox's
// worker, through a real SMTP server here. Both engines; two processes in outbox.postgres.test.ts.
const inbox = useSmtpInbox();
const t = useTestApp({ seed: false, smtp: () => inbox.url });

const receiptsTo = (email: string) =>
  inbox.received.filter((mail) => mail.to === email && /receipt/.test(mail.subject));
const queuedFor = async (email: string) =>
  t.db
    .select({ attempts: mailOutbox.attempts, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email));

describe('the mail outbox', () => {
  it('delivers every receipt exactly once when the mail server comes back after being down', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { onHand: 100, minimumOrder: 1 });
    await t.mailer.settled();
    await inbox.stop();

    const paid: string[] = [];
    for (let i = 0; i < 4; i += 1) paid.push(await placePaidOrder(t.app, customer, tool.id));

    // Every receipt was tried while the server was down, and is kept to be tried again.
    await expect
      .poll(async () => (await queuedFor(customer.email)).filter((mail) => mail.lastError !== null).length)
      .toBe(4);
    expect(receiptsTo(customer.email)).toEqual([]);

    await inbox.start();
    await expect.poll(() => receiptsTo(customer.email).length, { timeout: 30_000 }).toBe(4);
    await t.mailer.settled();
    expect(receiptOrderIds(receiptsTo(customer.email)).sort()).toEqual([...paid].sort());
    expect(await queuedFor(customer.email)).toEqual([]);
  });

  it('queues no receipt when the payment’s transaction rolls back', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { onHand: 10, minimumOrder: 1 });
    const placed = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool.id, quantity: 1, address: '1 Main St' },
    });
    const orderId = (placed.json() as { _id: string })._id;
    const undo = await refuseAtCommit(t.db, orders, `new.id = '${orderId}' and new.status = 'paid'`);
    try {
      const refused = await injectAs(t.app, customer, {
        method: 'POST',
        url: `/api/payment/${orderId}/demo`,
        payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
      });
      expect(refused.statusCode).toBe(500);
    } finally {
      await undo();
    }

    await t.mailer.settled();
    expect(await queuedFor(customer.email)).toEqual([]);
    expect(receiptsTo(customer.email)).toEqual([]);
    const [order] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('unpaid');
  });

  it('keeps a mail the server refuses for good, marked failed, without trying it again', async () => {
    const mail = {
      to: 'no-such-mailbox@example.com',
      subject: 'Refused',
      text: 'Hello',
      html: '<p>Hello</p>',
    };
    inbox.refused.add(mail.to);
    await t.db.transaction((tx) => t.app.services.outbox.enqueue(tx, mail));

    await expect
      .poll(
        async () =>
          (await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, mail.to)))[0]?.failedAt,
      )
      .toBeInstanceOf(Date);
    await t.mailer.settled();
    const [kept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, mail.to));
    expect(kept).toMatchObject({ attempts: 1, lastError: expect.stringContaining('No such mailbox') });
    expect(inbox.received.filter((received) => received.to === mail.to)).toEqual([]);
  });
});
