import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Two server processes on one database both hear of every stock change and both claim crossings: the
// admins still get one mail per crossing, not one per process. PostgreSQL only (a second process).
const t = useTestApp({ seed: false, secondInstance: true });
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
});

describe('the low-stock mail with two server processes', () => {
  it('is sent once per crossing, whichever process claims it', async () => {
    const customer = await signUp(t.app);
    const tool = await createTool(t.db, { name: 'Shared stock', onHand: 20, minimumOrder: 5 });
    const placed = await injectAs(t.otherApp, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool.id, quantity: 12, address: '1 Main St' },
    });
    expect(placed.statusCode, placed.body).toBe(201);

    // Both processes claim after the order committed, racing each other and their own announced checks.
    await Promise.all([t.app.services.lowStock.check(), t.otherApp.services.lowStock.check()]);
    await t.mailer.settled();
    expect(
      t.mailer.sent.filter((mail) => mail.subject === 'Low stock: Shared stock').map((mail) => mail.to),
    ).toEqual([admin.email]);
  });
});
