import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@toolshop/shared/admin';
import { activityLog } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { fieldChanges, recordActivity, type ActivityRecord } from '../activity-log/record-activity';

const t = useTestApp({ seed: false });

const ada = { id: 'actor-ada', email: 'ada@shop.test', name: 'Ada' };
const bea = { id: 'actor-bea', email: 'bea@shop.test', name: 'Bea' };
const pliers = { type: 'tool' as const, id: 'tool-1', label: 'Pliers' };

const entry = (overrides: Partial<ActivityRecord> = {}): ActivityRecord => ({
  actor: ada,
  kind: 'product.edited',
  subject: pliers,
  details: { changes: fieldChanges({ price: 12.5, minimumOrder: 2 }, { price: 14, minimumOrder: 2 }) },
  ip: '203.0.113.7',
  ...overrides,
});

let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Oldest first: the log answers newest first.
  await recordActivity(t.db, entry({ kind: 'product.added', details: {} }));
  await t.db.transaction((tx) => recordActivity(tx, entry()));
  await recordActivity(
    t.db,
    entry({
      actor: bea,
      kind: 'user.promoted',
      subject: { type: 'user', id: 'u-9', label: 'cy@shop.test' },
      details: {},
    }),
  );
  await recordActivity(
    t.db,
    entry({ actor: bea, kind: 'product.restocked', details: { onHand: { before: 3, after: 40 } } }),
  );
  customer = await signUp(t.app);
  // The admin's sign-in is logged too: the newest entry.
  admin = await signUpAdmin(t.app);
});

const list = async (query = '') => {
  const response = await injectAs(t.app, admin, { url: `/api/admin/activity${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ActivityPage;
};

describe('recordActivity', () => {
  it('writes in the transaction of the change: rolled back with it', async () => {
    const before = await t.db.$count(activityLog);
    await expect(
      t.db.transaction(async (tx) => {
        await recordActivity(tx, entry({ kind: 'product.deleted' }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.$count(activityLog)).toBe(before);
  });

  it('keeps only the fields that changed, before and after', () => {
    expect(fieldChanges({ price: 12.5, name: 'A', minimumOrder: 2 }, { price: 14, name: 'A' })).toEqual({
      price: { before: 12.5, after: 14 },
    });
  });
});

describe('the log is append-only in the database itself', () => {
  it.each([
    ['UPDATE', sql`update activity_log set kind = 'product.added'`],
    ['DELETE', sql`delete from activity_log`],
    ['TRUNCATE', sql`truncate activity_log`],
  ])('refuses %s', async (operation, statement) => {
    const before = await t.db.$count(activityLog);
    await expect(t.db.execute(statement)).rejects.toThrow();
    expect(await t.db.$count(activityLog)).toBe(before);
    const [row] = (await t.db.select({ kind: activityLog.kind }).from(activityLog).limit(1)) ?? [];
    expect(row?.kind, operation).toBe('product.added');
  });
});

describe('GET /api/admin/activity', () => {
  it('is for admins only', async () => {
    expect((await injectAs(t.app, null, { url: '/api/admin/activity' })).statusCode).toBe(401);
    expect((await injectAs(t.app, customer, { url: '/api/admin/activity' })).statusCode).toBe(403);
  });

  it('lists every entry newest first, with who, what, when and from where', async () => {
    const page = await list();
    expect(page.total).toBe(5);
    expect(page.items.map((item) => item.kind)).toEqual([
      'admin.signed-in',
      'product.restocked',
      'user.promoted',
      'product.edited',
      'product.added',
    ]);
    expect(page.items[3]).toMatchObject({
      actor: ada,
      subject: pliers,
      details: { changes: { price: { before: 12.5, after: 14 } } },
      ip: '203.0.113.7',
    });
    expect(Date.parse(page.items[3]!.createdAt)).not.toBeNaN();
    expect(page.actors).toEqual([ada, { id: expect.any(String), email: admin.email, name: admin.name }, bea]);
  });

  it('filters by kind and by person, and pages', async () => {
    expect((await list('?kind=user.promoted')).items.map((item) => item.subject.label)).toEqual([
      'cy@shop.test',
    ]);
    expect((await list(`?actor=${bea.id}`)).items.map((item) => item.kind)).toEqual([
      'product.restocked',
      'user.promoted',
    ]);
    const second = await list('?limit=3&page=2');
    expect(second).toMatchObject({ total: 5, page: 2, limit: 3 });
    expect(second.items.map((item) => item.kind)).toEqual(['product.edited', 'product.added']);
  });

  it('refuses an unknown kind or a bad page with a 400', async () => {
    for (const query of ['?kind=product.stolen', '?page=0', '?limit=101']) {
      const response = await injectAs(t.app, admin, { url: `/api/admin/activity${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('has no call that changes or deletes entries', () => {
    const adminRules = t.app.routeRules.filter((rule) => rule.url.startsWith('/api/admin/activity'));
    expect(adminRules).toEqual([{ method: 'GET', url: '/api/admin/activity', access: 'admin' }]);
  });
});
