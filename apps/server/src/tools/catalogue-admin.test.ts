import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { overviewSchema } from '@toolshop/shared/admin';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { orderListSchema } from '@toolshop/shared/order';
import { toolListSchema, toolSchema, type ListedTool, type Tool } from '@toolshop/shared/tool';
import { tools } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool, stockOf } from '../test/catalogue';

const t = useTestApp({ seed: false });

let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

const UNKNOWN_ID = '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a';
const uploadedImage = () => `/api/images/${randomUUID()}.webp`;

let toolCounter = 0;

/** A valid POST /api/tools body with a unique name. */
function newToolBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  toolCounter += 1;
  return {
    name: `Admin tool ${toolCounter}-${Date.now().toString(36)}`,
    price: 24.5,
    availableQuantity: 80,
    minimumOrder: 4,
    description: 'A precision screwdriver set added by an admin.',
    img: uploadedImage(),
    ...overrides,
  };
}

/** A valid PUT /api/tools/:id body. */
function editBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    price: 31.75,
    availableQuantity: 55,
    minimumOrder: 3,
    description: 'Now with a longer warranty.',
    img: 'https://cdn.example.com/tools/driver.png',
    ...overrides,
  };
}

const withoutKey = (body: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));

const addTool = (account: TestAccount | null, payload: unknown) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/tools',
    payload: payload as Record<string, unknown>,
  });

const editTool = (account: TestAccount | null, id: string, payload: unknown) =>
  injectAs(t.app, account, {
    method: 'PUT',
    url: `/api/tools/${encodeURIComponent(id)}`,
    payload: payload as Record<string, unknown>,
  });

const deleteTool = (account: TestAccount | null, id: string) =>
  injectAs(t.app, account, { method: 'DELETE', url: `/api/tools/${encodeURIComponent(id)}` });

async function listTools(): Promise<ListedTool[]> {
  const response = await t.app.inject({ url: '/api/tools' });
  expect(response.statusCode).toBe(200);
  return toolListSchema.parse(response.json());
}

async function getTool(id: string) {
  return t.app.inject({ url: `/api/tools/${encodeURIComponent(id)}` });
}

async function addedTool(overrides: Record<string, unknown> = {}): Promise<Tool> {
  const response = await addTool(admin, newToolBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return toolSchema.parse(response.json());
}

const placeOrder = (account: TestAccount, payload: Record<string, unknown>) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    payload: { address: '3 Quay Street, Galway', ...payload },
  });

/** Asserts ARCHITECTURE §4's error body with the given status and code; returns its fields. */
function expectError(
  response: Awaited<ReturnType<typeof addTool>>,
  status: number,
  code: string,
): Record<string, string> {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = apiErrorSchema.parse(response.json());
  expect(error.code).toBe(code);
  return error.fields ?? {};
}

describe('POST /api/tools (admin: add a product)', () => {
  it('adds the product: 201 with the Tool, listed first in GET /api/tools and readable by its _id', async () => {
    await createTool(t.db);
    const body = newToolBody({ price: 42.25, availableQuantity: 120, minimumOrder: 10 });

    const response = await addTool(admin, body);

    expect(response.statusCode, response.body).toBe(201);
    const created = toolSchema.parse(response.json());
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      name: body.name,
      price: 42.25,
      availableQuantity: 120,
      onHand: 120,
      reserved: 0,
      minimumOrder: 10,
      description: body.description,
      img: body.img,
      images: [body.img],
      lowStockThreshold: null,
      categoryId: null,
      rating: { average: null, count: 0 },
    });
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        '_id',
        'availableQuantity',
        'categoryId',
        'description',
        'images',
        'img',
        'lowStockThreshold',
        'minimumOrder',
        'name',
        'onHand',
        'price',
        'rating',
        'reserved',
      ].sort(),
    );
    // SPEC §7's plain list: the fields it always had (decisions 055, 057, 058).
    const { categoryId: _category, rating: _rating, images: _images, ...listedFields } = created;
    const listed = await listTools();
    expect(listed[0]).toEqual(listedFields);
    const single = await getTool(created._id);
    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual(created);
  });

  it('lists each new product before the ones added earlier (newest first, as the home page shows)', async () => {
    const first = await addedTool();
    const second = await addedTool();
    const third = await addedTool();

    const ids = (await listTools()).map((tool) => tool._id);

    expect(ids.slice(0, 3)).toEqual([third._id, second._id, first._id]);
  });

  it.each([
    [19.99, 1999],
    [0.01, 1],
    [1234.5, 123450],
    [0.3, 30],
    [100_000, 10_000_000],
  ])('keeps a price of %s dollars exactly (%s cents inside)', async (price, cents) => {
    const created = await addedTool({ price });

    expect(created.price).toBe(price);
    expect(toolSchema.parse((await getTool(created._id)).json()).price).toBe(price);
    expect((await listTools()).find((tool) => tool._id === created._id)?.price).toBe(price);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, created._id));
    expect(row!.priceCents).toBe(cents);
  });

  it('accepts the limits: 120-character name, 1000-character description, minimum order equal to stock', async () => {
    const name = `N${'x'.repeat(119)}`;
    const description = 'd'.repeat(1000);

    const created = await addedTool({ name, description, availableQuantity: 7, minimumOrder: 7 });

    expect(created).toMatchObject({ name, description, availableQuantity: 7, minimumOrder: 7 });
  });

  it('accepts an https image address as well as an uploaded image', async () => {
    const img = 'https://images.example.com/tools/spudger.jpg';

    const created = await addedTool({ img });

    expect(created.img).toBe(img);
  });

  it.each([
    ['name', 'Name is Required'],
    ['price', 'price is Required'],
    ['availableQuantity', 'availableQuantity is Required'],
    ['minimumOrder', 'minimumOrder is Required'],
    ['description', 'description is Required'],
    ['img', 'Image is Required'],
  ])('answers 400 "%s: %s" when the field is missing, adding nothing', async (field, message) => {
    const before = await listTools();

    const response = await addTool(admin, withoutKey(newToolBody(), field));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields[`body.${field}`]).toBe(message);
    expect(await listTools()).toEqual(before);
  });

  it.each([
    ['name', 'Name is Required'],
    ['description', 'description is Required'],
    ['img', 'Image is Required'],
  ])('answers 400 "%s: %s" when the field is blank', async (field, message) => {
    const before = await listTools();

    const response = await addTool(admin, newToolBody({ [field]: '   ' }));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields[`body.${field}`]).toBe(message);
    expect(await listTools()).toEqual(before);
  });

  it.each([
    ['a price of 0', 'price', { price: 0 }],
    ['a negative price', 'price', { price: -5 }],
    ['a price with three decimals', 'price', { price: 19.999 }],
    ['a price below a cent', 'price', { price: 0.001 }],
    ['a price sent as text', 'price', { price: '19.99' }],
    ['a fractional stock', 'availableQuantity', { availableQuantity: 10.5 }],
    ['a negative stock', 'availableQuantity', { availableQuantity: -1 }],
    ['a fractional minimum order', 'minimumOrder', { minimumOrder: 1.5 }],
    ['a minimum order of 0', 'minimumOrder', { minimumOrder: 0 }],
    ['a negative minimum order', 'minimumOrder', { minimumOrder: -2 }],
    ['a 121-character name', 'name', { name: 'n'.repeat(121) }],
    ['a 1001-character description', 'description', { description: 'd'.repeat(1001) }],
    ['a javascript: image', 'img', { img: 'javascript:alert(1)' }],
    ['a data: image', 'img', { img: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['a plain http image', 'img', { img: 'http://images.example.com/a.png' }],
    ['an image path outside the uploads', 'img', { img: '/api/images/../../etc/passwd' }],
    ['a name that is not text', 'name', { name: 42 }],
  ])('refuses %s with 400 on body.%s, adding nothing', async (_label, field, change) => {
    const before = await listTools();

    const response = await addTool(admin, newToolBody(change));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields).toHaveProperty(`body.${field}`);
    expect(await listTools()).toEqual(before);
  });

  it('refuses a minimum order above the available quantity, saying so on body.minimumOrder', async () => {
    const before = await listTools();

    const response = await addTool(admin, newToolBody({ availableQuantity: 5, minimumOrder: 6 }));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields['body.minimumOrder']).toBe('The minimum order cannot be above the available quantity');
    expect(await listTools()).toEqual(before);
  });

  it.each([
    ['no body at all', undefined],
    ['an empty object', {}],
    ['a JSON array', [newToolBody()]],
    ['JSON null', null],
    ['a JSON string', 'a tool'],
  ])('answers 400 JSON, never 500, to %s', async (_label, payload) => {
    const before = await listTools();

    const response = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/tools',
      headers: { 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
    expect(await listTools()).toEqual(before);
  });

  it('refuses a customer (403) and a visitor (401), adding nothing', async () => {
    const before = await listTools();
    const body = newToolBody();

    expectError(await addTool(customer, body), 403, 'forbidden');
    expectError(await addTool(null, body), 401, 'unauthorized');

    expect(await listTools()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(tools)
        .where(eq(tools.name, body.name as string)),
    ).toEqual([]);
  });
});

describe('PUT /api/tools/:id (admin: edit a product)', () => {
  it('changes price, stock, minimum order, description and image, keeping the name', async () => {
    const tool = await addedTool();
    const body = editBody();

    const response = await editTool(admin, tool._id, body);

    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      _id: tool._id,
      name: tool.name,
      ...body,
      // The new image replaces the main one.
      images: [body.img],
      onHand: body.availableQuantity,
      reserved: 0,
      lowStockThreshold: null,
      categoryId: null,
      rating: { average: null, count: 0 },
    };
    expect(toolSchema.parse(response.json())).toEqual(expected);
    expect((await getTool(tool._id)).json()).toEqual(expected);
    const { categoryId: _category, rating: _rating, images: _images, ...listedFields } = expected;
    expect((await listTools()).find((listed) => listed._id === tool._id)).toEqual(listedFields);
  });

  it('keeps its place in the catalogue after an edit', async () => {
    const first = await addedTool();
    const second = await addedTool();

    expect((await editTool(admin, first._id, editBody())).statusCode).toBe(200);

    const ids = (await listTools()).map((listed) => listed._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
  });

  it.each([
    [19.99, 1999],
    [0.01, 1],
    [1234.5, 123450],
  ])('keeps an edited price of %s dollars exactly', async (price, cents) => {
    const tool = await addedTool();

    const response = await editTool(admin, tool._id, editBody({ price }));

    expect(response.statusCode).toBe(200);
    expect(response.json().price).toBe(price);
    expect((await getTool(tool._id)).json().price).toBe(price);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool._id));
    expect(row!.priceCents).toBe(cents);
  });

  it.each([
    ['price', 'price is Required'],
    ['availableQuantity', 'availableQuantity is Required'],
    ['minimumOrder', 'minimumOrder is Required'],
    ['description', 'description is Required'],
    ['img', 'Image is Required'],
  ])('answers 400 "%s: %s" when the field is missing, changing nothing', async (field, message) => {
    const tool = await addedTool();

    const response = await editTool(admin, tool._id, withoutKey(editBody(), field));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields[`body.${field}`]).toBe(message);
    expect((await getTool(tool._id)).json()).toEqual(tool);
  });

  it.each([
    ['a price of 0', 'price', { price: 0 }],
    ['a negative price', 'price', { price: -0.5 }],
    ['a price with three decimals', 'price', { price: 5.005 }],
    ['a fractional stock', 'availableQuantity', { availableQuantity: 3.25 }],
    ['a negative stock', 'availableQuantity', { availableQuantity: -4 }],
    ['a fractional minimum order', 'minimumOrder', { minimumOrder: 2.5 }],
    ['a minimum order of 0', 'minimumOrder', { minimumOrder: 0 }],
    ['a blank description', 'description', { description: ' ' }],
    ['a 1001-character description', 'description', { description: 'd'.repeat(1001) }],
    ['a javascript: image', 'img', { img: 'javascript:alert(1)' }],
    ['a plain http image', 'img', { img: 'http://images.example.com/a.png' }],
    ['a blank name', 'name', { name: '   ' }],
    ['a 121-character name', 'name', { name: 'n'.repeat(121) }],
    ['a name that is not text', 'name', { name: 42 }],
    ['a negative low-stock threshold', 'lowStockThreshold', { lowStockThreshold: -1 }],
    ['a fractional low-stock threshold', 'lowStockThreshold', { lowStockThreshold: 2.5 }],
    ['a low-stock threshold sent as text', 'lowStockThreshold', { lowStockThreshold: '12' }],
  ])('refuses %s with 400 on body.%s, changing nothing', async (_label, field, change) => {
    const tool = await addedTool();

    const response = await editTool(admin, tool._id, editBody(change));

    const fields = expectError(response, 400, 'invalid_input');
    expect(fields).toHaveProperty(`body.${field}`);
    expect((await getTool(tool._id)).json()).toEqual(tool);
  });

  it('saves an edit of a sold-out tool, whose stock is below its minimum order, and it cannot be ordered', async () => {
    const tool = await addedTool();

    const response = await editTool(
      admin,
      tool._id,
      editBody({ availableQuantity: 0, minimumOrder: 3, price: 9.5 }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ availableQuantity: 0, minimumOrder: 3, price: 9.5 });
    const order = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: tool._id, quantity: 3, address: 'Dock 1' },
    });
    expect(order.statusCode).toBe(409);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-an-id'],
    ['an id that looks like SQL', "1' or '1'='1"],
  ])('answers 404 for %s', async (_label, id) => {
    expectError(await editTool(admin, id, editBody()), 404, 'not_found');
  });

  it('answers 404 for a deleted tool and does not bring it back', async () => {
    const tool = await addedTool();
    expect((await deleteTool(admin, tool._id)).statusCode).toBe(200);

    expectError(await editTool(admin, tool._id, editBody()), 404, 'not_found');

    expect((await getTool(tool._id)).statusCode).toBe(404);
    expect((await listTools()).map((listed) => listed._id)).not.toContain(tool._id);
  });

  it('renames a product: orders placed before keep the name they were placed with, new ones get the new name', async () => {
    const tool = await addedTool({ availableQuantity: 50, minimumOrder: 1 });
    const before = await placeOrder(customer, { toolId: tool._id, quantity: 2 });
    expect(before.statusCode, before.body).toBe(201);

    const newName = `Renamed ${tool.name}`.slice(0, 120);
    const edit = await editTool(admin, tool._id, editBody({ name: `  ${newName} `, availableQuantity: 50 }));

    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ _id: tool._id, name: newName });
    expect((await getTool(tool._id)).json().name).toBe(newName);
    const after = await placeOrder(customer, { toolId: tool._id, quantity: 3 });
    expect(after.statusCode, after.body).toBe(201);
    const own = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    const all = await injectAs(t.app, admin, { url: '/api/order' });
    for (const response of [own, all]) {
      const orders = orderListSchema.parse(response.json());
      expect(orders.find((o) => o._id === before.json()._id)?.tool).toBe(tool.name);
      expect(orders.find((o) => o._id === after.json()._id)?.tool).toBe(newName);
    }
  });

  it('sets the low-stock threshold, which the Sales Overview then applies; null brings back the default', async () => {
    // 30 available, minimum order 4: the default threshold (8) is not reached.
    const tool = await addedTool({ availableQuantity: 30, minimumOrder: 4 });
    const lowStock = async () => {
      const response = await injectAs(t.app, admin, { url: '/api/admin/overview' });
      expect(response.statusCode, response.body).toBe(200);
      return overviewSchema.parse(response.json()).lowStock.find((low) => low.toolId === tool._id);
    };
    expect(await lowStock()).toBeUndefined();

    const set = await editTool(admin, tool._id, editBody({ availableQuantity: 30, lowStockThreshold: 40 }));

    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().lowStockThreshold).toBe(40);
    expect((await getTool(tool._id)).json().lowStockThreshold).toBe(40);
    expect(await lowStock()).toMatchObject({ availableQuantity: 30, threshold: 40 });

    const cleared = await editTool(
      admin,
      tool._id,
      editBody({ availableQuantity: 30, lowStockThreshold: null }),
    );

    expect(cleared.json().lowStockThreshold).toBeNull();
    expect(await lowStock()).toBeUndefined();
  });

  it('keeps the name and the low-stock threshold when an edit leaves them out (clients of the earlier PUT)', async () => {
    const tool = await addedTool();
    expect((await editTool(admin, tool._id, editBody({ lowStockThreshold: 0 }))).statusCode).toBe(200);

    const response = await editTool(admin, tool._id, editBody({ price: 99 }));

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: tool.name, price: 99, lowStockThreshold: 0 });
  });

  it('applies a price change to new orders only: an order placed before keeps its unit price', async () => {
    const tool = await addedTool({ price: 10, availableQuantity: 50, minimumOrder: 2 });
    const before = await placeOrder(customer, { toolId: tool._id, quantity: 2 });
    expect(before.statusCode, before.body).toBe(201);

    const edit = await editTool(
      admin,
      tool._id,
      editBody({ price: 12.5, availableQuantity: 48, minimumOrder: 2 }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await placeOrder(customer, { toolId: tool._id, quantity: 3 });
    expect(after.statusCode, after.body).toBe(201);

    const response = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    expect(response.statusCode).toBe(200);
    const ofTool = orderListSchema.parse(response.json()).filter((o) => o.toolId === tool._id);
    expect(ofTool.map((o) => ({ id: o._id, unitPrice: o.unitPrice, total: o.total }))).toEqual([
      { id: before.json()._id, unitPrice: 10, total: 20 },
      { id: after.json()._id, unitPrice: 12.5, total: 37.5 },
    ]);
  });

  it('refuses a customer (403) and a visitor (401), changing nothing', async () => {
    const tool = await addedTool();

    expectError(await editTool(customer, tool._id, editBody()), 403, 'forbidden');
    expectError(await editTool(null, tool._id, editBody()), 401, 'unauthorized');

    expect((await getTool(tool._id)).json()).toEqual(tool);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool._id));
    expect(row).toMatchObject({ priceCents: 2450, onHand: 80, minimumOrder: 4 });
  });
});

describe('DELETE /api/tools/:id (admin: remove a product)', () => {
  it('removes the product from the shop: gone from the list and 404 by id', async () => {
    const tool = await addedTool();
    const neighbour = await addedTool();

    const response = await deleteTool(admin, tool._id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    const ids = (await listTools()).map((listed) => listed._id);
    expect(ids).not.toContain(tool._id);
    expect(ids).toContain(neighbour._id);
    expectError(await getTool(tool._id), 404, 'not_found');
    expect((await getTool(neighbour._id)).statusCode).toBe(200);
  });

  it('refuses orders for a deleted tool, by toolId and by name, taking no stock', async () => {
    const tool = await addedTool({ availableQuantity: 30, minimumOrder: 1 });
    expect((await deleteTool(admin, tool._id)).statusCode).toBe(200);

    expectError(await placeOrder(customer, { toolId: tool._id, quantity: 1 }), 404, 'not_found');
    expectError(await placeOrder(customer, { tool: tool.name, quantity: 1 }), 404, 'not_found');

    expect(await stockOf(t.db, tool._id)).toBe(30);
  });

  it('answers 404 to restocking, editing or deleting a deleted tool', async () => {
    const tool = await addedTool();
    expect((await deleteTool(admin, tool._id)).statusCode).toBe(200);

    const restock = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool._id}`,
      payload: { restAvailableQuantity: 500 },
    });
    expectError(restock, 404, 'not_found');
    expectError(await editTool(admin, tool._id, editBody()), 404, 'not_found');
    expectError(await deleteTool(admin, tool._id), 404, 'not_found');

    expect(await stockOf(t.db, tool._id)).toBe(tool.availableQuantity);
    expect((await listTools()).map((listed) => listed._id)).not.toContain(tool._id);
  });

  it('keeps the tool’s name on orders placed before, in the buyer’s list and the admin’s', async () => {
    const tool = await addedTool({ availableQuantity: 20, minimumOrder: 1 });
    const placed = await placeOrder(customer, { toolId: tool._id, quantity: 2 });
    expect(placed.statusCode, placed.body).toBe(201);

    expect((await deleteTool(admin, tool._id)).statusCode).toBe(200);

    const own = await injectAs(t.app, customer, { url: `/api/order/${customer.email}` });
    expect(own.statusCode).toBe(200);
    expect(orderListSchema.parse(own.json()).find((o) => o._id === placed.json()._id)).toMatchObject({
      toolId: tool._id,
      tool: tool.name,
      quantity: 2,
    });
    const all = await injectAs(t.app, admin, { url: '/api/order' });
    expect(all.statusCode).toBe(200);
    expect(orderListSchema.parse(all.json()).find((o) => o._id === placed.json()._id)).toMatchObject({
      toolId: tool._id,
      tool: tool.name,
    });
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-an-id'],
  ])('answers 404 for %s', async (_label, id) => {
    expectError(await deleteTool(admin, id), 404, 'not_found');
  });

  it('refuses a customer (403) and a visitor (401), removing nothing', async () => {
    const tool = await addedTool();

    expectError(await deleteTool(customer, tool._id), 403, 'forbidden');
    expectError(await deleteTool(null, tool._id), 401, 'unauthorized');

    expect((await getTool(tool._id)).json()).toEqual(tool);
    expect((await listTools()).map((listed) => listed._id)).toContain(tool._id);
    const [row] = await t.db.select().from(tools).where(eq(tools.id, tool._id));
    expect(row!.deletedAt).toBeNull();
  });
});

describe('OpenAPI document for catalogue administration', () => {
  it('lists POST /tools, PUT /tools/{id} and DELETE /tools/{id} with their request bodies', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    const bodyOf = (operation: { requestBody: { content: Record<string, { schema: unknown }> } }) =>
      operation.requestBody.content['application/json']!.schema as {
        properties: Record<string, unknown>;
        required: string[];
      };

    const create = bodyOf(paths['/tools'].post);
    expect(Object.keys(create.properties).sort()).toEqual(
      ['availableQuantity', 'categoryId', 'description', 'img', 'minimumOrder', 'name', 'price'].sort(),
    );
    expect([...create.required].sort()).toEqual(
      ['availableQuantity', 'description', 'img', 'minimumOrder', 'name', 'price'].sort(),
    );

    const edit = bodyOf(paths['/tools/{id}'].put);
    expect(Object.keys(edit.properties).sort()).toEqual(
      [
        'availableQuantity',
        'categoryId',
        'description',
        'img',
        'lowStockThreshold',
        'minimumOrder',
        'name',
        'price',
      ].sort(),
    );
    expect([...edit.required].sort()).toEqual(
      ['availableQuantity', 'description', 'img', 'minimumOrder', 'price'].sort(),
    );

    expect(paths['/tools/{id}'].delete).toBeDefined();
    expect(paths['/tools/{id}'].delete.responses['200']).toBeDefined();
  });
});
