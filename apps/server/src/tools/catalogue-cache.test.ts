import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Review } from '@toolshop/shared/review';
import type { Order } from '@toolshop/shared/order';
import type { Tool } from '@toolshop/shared/tool';
import { orders, tools } from '../db/schema';
import { injectAs, signUp, signUpCast, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// Catalogue and review reads are served from memory (decision 018). Each test first reads, so the answer
// is cached, then writes through the API and reads again: every write that changes what a list shows must
// drop it. Runs on both engines; the cross-process case is in db/two-instances.postgres.test.ts.
const t = useTestApp();
let customer: TestAccount;
let admin: TestAccount;

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
let counter = 0;

beforeAll(async () => {
  ({ customer, admin } = await signUpCast(t.app));
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const catalogue = async () => (await get('/api/tools')).json() as Tool[];
const toolById = async (id: string) => (await get(`/api/tools/${id}`)).json() as Tool;
const reviews = async () => (await get('/api/review')).json() as Review[];

async function addTool(overrides: Record<string, unknown> = {}): Promise<Tool> {
  counter += 1;
  const response = await injectAs(t.app, admin, {
    method: 'POST',
    url: '/api/tools',
    payload: {
      name: `Cached tool ${counter}-${Date.now().toString(36)}`,
      price: 10,
      availableQuantity: 50,
      minimumOrder: 1,
      description: 'A tool whose stock the cache must follow.',
      img: '/images/tools/thermal-paste.svg',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Tool;
}

async function placeOrder(toolId: string, quantity: number, buyer = customer): Promise<Order> {
  const response = await injectAs(t.app, buyer, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId, quantity, address: '1 Main St' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

describe('the catalogue cache', () => {
  it('answers from memory: a change made behind the services’ back stays unseen until a real write', async () => {
    const tool = await addTool();
    // The writing process caches nothing of a topic until its own announcement has come back (decision 018).
    await vi.waitFor(() => expect(t.app.services.changes.isCacheable('catalogue')).toBe(true));
    expect((await toolById(tool._id)).name).toBe(tool.name);
    await t.db.update(tools).set({ name: 'Renamed behind its back' }).where(eq(tools.id, tool._id));
    expect((await toolById(tool._id)).name).toBe(tool.name);

    await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool._id}`,
      payload: { restAvailableQuantity: 60 },
    });
    expect(await toolById(tool._id)).toMatchObject({ name: 'Renamed behind its back', onHand: 60 });
  });

  it('answers 304 to a client that has the current version, and a new ETag once it changes', async () => {
    const tool = await addTool();
    const first = await get('/api/tools');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await get('/api/tools', { 'if-none-match': etag })).statusCode).toBe(304);

    await placeOrder(tool._id, 2);
    const after = await get('/api/tools', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('follows an order placed, paid and cancelled', async () => {
    const tool = await addTool({ availableQuantity: 50 });
    expect((await toolById(tool._id)).availableQuantity).toBe(50);

    const paid = await placeOrder(tool._id, 5);
    expect((await toolById(tool._id)).availableQuantity).toBe(45);
    const payment = await injectAs(t.app, customer, {
      method: 'POST',
      url: `/api/payment/${paid._id}/demo`,
      payload: GOOD_CARD,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(await toolById(tool._id)).toMatchObject({ onHand: 45, reserved: 0, availableQuantity: 45 });

    const cancelled = await placeOrder(tool._id, 3);
    expect((await toolById(tool._id)).availableQuantity).toBe(42);
    await injectAs(t.app, customer, { method: 'DELETE', url: `/api/order/${cancelled._id}` });
    expect((await toolById(tool._id)).availableQuantity).toBe(45);
  });

  it('follows an order whose hold expires', async () => {
    const tool = await addTool({ availableQuantity: 20 });
    const order = await placeOrder(tool._id, 4);
    expect((await toolById(tool._id)).availableQuantity).toBe(16);
    await t.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id));
    expect(await t.app.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await toolById(tool._id)).availableQuantity).toBe(20);
  });

  it('follows a product added, edited, restocked and deleted', async () => {
    const before = await catalogue();
    const tool = await addTool();
    expect((await catalogue()).map(({ _id }) => _id)).toEqual([tool._id, ...before.map(({ _id }) => _id)]);

    await injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/tools/${tool._id}`,
      payload: {
        price: 12.5,
        availableQuantity: 70,
        minimumOrder: 2,
        description: tool.description,
        img: tool.img,
      },
    });
    expect((await catalogue()).find(({ _id }) => _id === tool._id)).toMatchObject({
      price: 12.5,
      onHand: 70,
      minimumOrder: 2,
    });

    await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool._id}`,
      payload: { restAvailableQuantity: 5 },
    });
    expect((await toolById(tool._id)).availableQuantity).toBe(5);

    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/tools/${tool._id}` });
    expect((await catalogue()).some(({ _id }) => _id === tool._id)).toBe(false);
    expect((await get(`/api/tools/${tool._id}`)).statusCode).toBe(404);
  });
});

describe('the review cache', () => {
  it('follows a review added and removed, and a payment that makes its author a verified buyer', async () => {
    const author = await signUp(t.app);
    const before = await reviews();
    const posted = await injectAs(t.app, author, {
      method: 'POST',
      url: '/api/review',
      payload: { name: 'ignored', ratings: 5, description: 'Cached, then seen.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const review = posted.json() as Review;
    const listed = await reviews();
    expect(listed.map(({ _id }) => _id)).toEqual([review._id, ...before.map(({ _id }) => _id)]);
    expect(listed[0]!.verifiedBuyer).toBe(false);

    const tool = await addTool();
    const order = await placeOrder(tool._id, 1, author);
    await injectAs(t.app, author, {
      method: 'POST',
      url: `/api/payment/${order._id}/demo`,
      payload: GOOD_CARD,
    });
    expect((await reviews()).find(({ _id }) => _id === review._id)?.verifiedBuyer).toBe(true);

    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/review/${review._id}` });
    expect((await reviews()).some(({ _id }) => _id === review._id)).toBe(false);
  });
});
