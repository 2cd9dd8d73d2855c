import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '@toolshop/shared/admin';
import { toolSchema, type Tool } from '@toolshop/shared/tool';
import { activityLog, tools, user } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { refuseAtCommit } from '../test/refuse-at-commit';

const t = useTestApp({ seed: false });

/** Where the admin's requests come from in these tests. */
const ADMIN_IP = '203.0.113.24';

let customer: TestAccount;
let admin: TestAccount;
let adminActor: ActivityEntry['actor'];

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
  const [row] = await t.db.select().from(user).where(eq(user.email, admin.email));
  adminActor = { id: row!.id, email: row!.email, name: row!.name };
});

const call = (
  account: TestAccount | null,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(t.app, account, { method, url, remoteAddress: ADMIN_IP, ...(payload ? { payload } : {}) });

let counter = 0;
const newToolBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Logged tool ${(counter += 1)}-${Date.now().toString(36)}`,
  price: 24.5,
  availableQuantity: 80,
  minimumOrder: 4,
  description: 'A spudger set.',
  img: `/api/images/${randomUUID()}.webp`,
  ...overrides,
});

async function addTool(overrides: Record<string, unknown> = {}): Promise<Tool> {
  const response = await call(admin, 'POST', '/api/tools', newToolBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return toolSchema.parse(response.json());
}

/** The PUT body that keeps `tool` as it is. */
const unchanged = (tool: Tool) => ({
  price: tool.price,
  availableQuantity: tool.onHand,
  minimumOrder: tool.minimumOrder,
  description: tool.description,
  img: tool.img,
});

/** The log's entries about one tool, newest first, as an admin reads them. */
async function entriesAbout(toolId: string): Promise<ActivityEntry[]> {
  const response = await injectAs(t.app, admin, { url: '/api/admin/activity?limit=100' });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json()).items.filter((entry) => entry.subject.id === toolId);
}

describe('the activity log of the catalogue', () => {
  it('logs a product added: who, from which address, and what it was added with', async () => {
    const tool = await addTool({ price: 12.5, availableQuantity: 40, minimumOrder: 2 });

    expect(await entriesAbout(tool._id)).toEqual([
      {
        _id: expect.any(String),
        createdAt: expect.any(String),
        kind: 'product.added',
        actor: adminActor,
        subject: { type: 'tool', id: tool._id, label: tool.name },
        details: { price: 12.5, onHand: 40, minimumOrder: 2, categoryId: null },
        ip: ADMIN_IP,
      },
    ]);
  });

  it('logs an edit with each field that really changed, before → after, under the new name', async () => {
    const tool = await addTool({ price: 24.5 });
    const newName = `${tool.name} (2nd edition)`;

    const response = await call(admin, 'PUT', `/api/tools/${tool._id}`, {
      ...unchanged(tool),
      name: newName,
      price: 31.75,
      lowStockThreshold: 12,
    });

    expect(response.statusCode, response.body).toBe(200);
    const [edited] = await entriesAbout(tool._id);
    expect(edited).toMatchObject({
      kind: 'product.edited',
      actor: adminActor,
      ip: ADMIN_IP,
      subject: { type: 'tool', id: tool._id, label: newName },
      details: {
        changes: {
          name: { before: tool.name, after: newName },
          price: { before: 24.5, after: 31.75 },
          lowStockThreshold: { before: null, after: 12 },
        },
      },
    });
    expect(Object.keys(edited!.details.changes as object).sort()).toEqual([
      'lowStockThreshold',
      'name',
      'price',
    ]);
  });

  it('logs nothing for a save that changes nothing', async () => {
    const tool = await addTool();

    const response = await call(admin, 'PUT', `/api/tools/${tool._id}`, {
      ...unchanged(tool),
      name: tool.name,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect((await entriesAbout(tool._id)).map((entry) => entry.kind)).toEqual(['product.added']);
  });

  it('logs a restock with the units on hand before and after', async () => {
    const tool = await createTool(t.db, { onHand: 3 });

    const response = await call(admin, 'PATCH', `/api/tools/${tool.id}`, { restAvailableQuantity: 40 });

    expect(response.statusCode, response.body).toBe(200);
    expect(await entriesAbout(tool.id)).toMatchObject([
      {
        kind: 'product.restocked',
        actor: adminActor,
        ip: ADMIN_IP,
        subject: { type: 'tool', id: tool.id, label: tool.name },
        details: { onHand: { before: 3, after: 40 } },
      },
    ]);
  });

  it('logs a product deleted', async () => {
    const tool = await addTool();

    expect((await call(admin, 'DELETE', `/api/tools/${tool._id}`)).statusCode).toBe(200);

    expect(await entriesAbout(tool._id)).toMatchObject([
      { kind: 'product.deleted', actor: adminActor, ip: ADMIN_IP, subject: { label: tool.name } },
      { kind: 'product.added' },
    ]);
  });

  it('logs nothing for a refused change (400, 401, 403, 404, 409)', async () => {
    const tool = await addTool();
    const held = await createTool(t.db, { onHand: 10, reserved: 6 });
    const before = await t.db.$count(activityLog);

    const refusals = [
      [await call(null, 'PUT', `/api/tools/${tool._id}`, { ...unchanged(tool), price: 50 }), 401],
      [await call(customer, 'PUT', `/api/tools/${tool._id}`, { ...unchanged(tool), price: 50 }), 403],
      [await call(admin, 'PUT', `/api/tools/${tool._id}`, { ...unchanged(tool), name: ' ' }), 400],
      [await call(admin, 'PUT', `/api/tools/${randomUUID()}`, unchanged(tool)), 404],
      [await call(admin, 'PATCH', `/api/tools/${held.id}`, { restAvailableQuantity: 5 }), 409],
      [await call(customer, 'DELETE', `/api/tools/${tool._id}`), 403],
      [await call(customer, 'POST', '/api/tools', newToolBody()), 403],
    ] as const;

    expect(refusals.map(([response]) => response.statusCode)).toEqual(refusals.map(([, status]) => status));
    expect(await t.db.$count(activityLog)).toBe(before);
  });

  it('logs nothing when the change’s transaction fails after its entry was written', async () => {
    const refused = 'Refused at commit.';
    const tool = await addTool();
    const marked = await createTool(t.db, { description: refused, onHand: 5 });
    const undo = await refuseAtCommit(t.db, tools, `new.description = '${refused}'`);
    try {
      const before = await t.db.$count(activityLog);

      const failures = [
        await call(admin, 'POST', '/api/tools', newToolBody({ description: refused })),
        await call(admin, 'PUT', `/api/tools/${tool._id}`, { ...unchanged(tool), description: refused }),
        await call(admin, 'PATCH', `/api/tools/${marked.id}`, { restAvailableQuantity: 50 }),
        await call(admin, 'DELETE', `/api/tools/${marked.id}`),
      ];

      expect(failures.map((response) => response.statusCode)).toEqual([500, 500, 500, 500]);
      expect(await t.db.$count(activityLog)).toBe(before);
      expect(await t.db.$count(tools, eq(tools.description, refused))).toBe(1);
      const [markedNow] = await t.db.select().from(tools).where(eq(tools.id, marked.id));
      expect(markedNow).toMatchObject({ onHand: 5, deletedAt: null });
    } finally {
      await undo();
    }
  });
});
