import { describe, expect, it } from 'vitest';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder, receiptOrderIds } from '../test/orders';
import { useSmtpInbox } from '../test/smtp-inbox';

// Two server processes on one database: both workers are woken by every queued mail and both claim, yet
// each mail reaches the SMTP server once (decision 037). PostgreSQL only (a second process).
const inbox = useSmtpInbox();
const t = useTestApp({ seed: false, secondInstance: true, smtp: () => inbox.url });

const BURST = 60;

describe('the mail outbox with two server processes', () => {
  it('sends each mail once, whichever process claims it', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { onHand: 100, minimumOrder: 1 });
    const paid: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [placeOn, payOn] = i % 2 === 0 ? [t.app, t.otherApp] : [t.otherApp, t.app];
      paid.push(await placePaidOrder(placeOn, customer, tool.id, payOn));
    }
    // Many mails committed at once: both workers wake to the same notification and claim side by side.
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < BURST; i += 1) {
        await t.app.services.outbox.enqueue(tx, {
          to: `burst-${i}@example.com`,
          subject: 'Burst',
          text: `Mail ${i}`,
          html: `<p>Mail ${i}</p>`,
        });
      }
    });

    const burst = () => inbox.received.filter((mail) => mail.subject === 'Burst');
    await expect.poll(() => burst().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(BURST);
    await t.mailer.settled();
    expect(
      burst()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(Array.from({ length: BURST }, (_, i) => `burst-${i}@example.com`).sort());
    const receipts = inbox.received.filter((mail) => mail.to === customer.email);
    expect(receiptOrderIds(receipts).sort()).toEqual([...paid].sort());
  });
});
