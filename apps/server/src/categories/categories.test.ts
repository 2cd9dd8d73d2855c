import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '@toolshop/shared/admin';
import { categoryListSchema, categorySchema } from '@toolshop/shared/category';
import { toolSchema } from '@toolshop/shared/tool';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// The six categories of migration 0021, with the demo catalogue seeded into them.
const t = useTestApp();

let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

const UNKNOWN_ID = '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a';

const call = (
  account: TestAccount | null,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(t.app, account, { method, url, ...(payload ? { payload } : {}) });

async function listed() {
  const response = await t.app.inject({ url: '/api/categories' });
  expect(response.statusCode, response.body).toBe(200);
  return categoryListSchema.parse(response.json());
}

let counter = 0;
async function added(name = `Test kind ${(counter += 1)}`) {
  const response = await call(admin, 'POST', '/api/categories', { name, description: 'Made by a test.' });
  expect(response.statusCode, response.body).toBe(201);
  return categorySchema.parse(response.json());
}

async function activity(kind: string) {
  const response = await injectAs(t.app, admin, { url: `/api/admin/activity?kind=${kind}` });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json()).items;
}

describe('GET /api/categories', () => {
  it('lists the six categories in order, each with its tools counted, to anyone', async () => {
    const categories = await listed();
    expect(categories.slice(0, 6).map(({ slug, toolCount }) => [slug, toolCount])).toEqual([
      ['opening-tools', 2],
      ['screwdrivers-and-bits', 2],
      ['soldering-and-rework', 2],
      ['meters-and-testers', 3],
      ['esd-and-safety', 2],
      ['cleaning-and-consumables', 1],
    ]);
  });
});

describe('POST /api/categories', () => {
  it('is for admins only', async () => {
    const body = { name: 'Nobody’s kind', description: 'Refused.' };
    expect((await call(null, 'POST', '/api/categories', body)).statusCode).toBe(401);
    expect((await call(customer, 'POST', '/api/categories', body)).statusCode).toBe(403);
  });

  it('adds a category last, its slug made from its name, and logs it', async () => {
    const category = await added('PCB Holders & Vises');

    expect(category).toMatchObject({ slug: 'pcb-holders-vises', toolCount: 0 });
    const categories = await listed();
    expect(categories.at(-1)!._id).toBe(category._id);
    const [entry] = await activity('category.added');
    expect(entry).toMatchObject({
      kind: 'category.added',
      subject: { type: 'category', id: category._id, label: 'PCB Holders & Vises' },
    });
  });

  it.each([
    ['no name', { description: 'x' }, 'name'],
    ['a blank name', { name: '   ', description: 'x' }, 'name'],
    ['a name of symbols only', { name: '&&&', description: 'x' }, 'name'],
    ['no description', { name: 'Lamps' }, 'description'],
    ['a slug with capitals', { name: 'Lamps', description: 'x', slug: 'Lamps' }, 'slug'],
  ])('refuses %s with a 400 naming the field', async (_label, body, field) => {
    const response = await call(admin, 'POST', '/api/categories', body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(`body.${field}`);
  });

  it('refuses a name or slug another category has (409)', async () => {
    for (const body of [
      { name: 'OPENING TOOLS', description: 'Same name, other case.' },
      { name: 'Openers', description: 'Same slug.', slug: 'opening-tools' },
    ]) {
      const response = await call(admin, 'POST', '/api/categories', body);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Another category already has this name or address');
    }
  });
});

describe('PUT /api/categories/:id', () => {
  it('renames a category, keeps its slug, and logs before and after', async () => {
    const category = await added();

    const response = await call(admin, 'PUT', `/api/categories/${category._id}`, {
      name: `${category.name} renamed`,
      description: 'A new sentence.',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ slug: category.slug, name: `${category.name} renamed` });
    // The kept list is dropped by the change.
    expect((await listed()).find((c) => c._id === category._id)!.name).toBe(`${category.name} renamed`);
    const [entry] = await activity('category.edited');
    expect(entry!.details).toEqual({
      changes: {
        name: { before: category.name, after: `${category.name} renamed` },
        description: { before: 'Made by a test.', after: 'A new sentence.' },
      },
    });
  });

  it('answers 404 for an unknown category, 401 and 403 to others', async () => {
    const body = { name: 'Anything', description: 'x' };
    expect((await call(admin, 'PUT', `/api/categories/${UNKNOWN_ID}`, body)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', '/api/categories/not-an-id', body)).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/categories/${UNKNOWN_ID}`, body)).statusCode).toBe(401);
    expect((await call(customer, 'PUT', `/api/categories/${UNKNOWN_ID}`, body)).statusCode).toBe(403);
  });
});

describe('PUT /api/categories/order', () => {
  it('puts the categories in the order given, and refuses one that leaves any out (409)', async () => {
    const ids = (await listed()).map((category) => category._id);
    const reversed = [...ids].reverse();

    const partial = await call(admin, 'PUT', '/api/categories/order', { order: reversed.slice(1) });
    expect(partial.statusCode).toBe(409);
    const twice = await call(admin, 'PUT', '/api/categories/order', {
      order: [...reversed.slice(1), ids[1]],
    });
    expect(twice.statusCode).toBe(409);

    const response = await call(admin, 'PUT', '/api/categories/order', { order: reversed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await listed()).map((category) => category._id)).toEqual(reversed);
    expect((await activity('category.reordered')).length).toBe(1);

    await call(admin, 'PUT', '/api/categories/order', { order: ids });
    expect(await call(customer, 'PUT', '/api/categories/order', { order: ids })).toHaveProperty(
      'statusCode',
      403,
    );
  });
});

describe('DELETE /api/categories/:id', () => {
  it('refuses a category that still holds tools (409) until they move, then deletes it', async () => {
    const category = await added();
    const tool = await call(admin, 'POST', '/api/tools', {
      name: `Tool of ${category.name}`,
      price: 5,
      availableQuantity: 10,
      minimumOrder: 1,
      description: 'In a category about to go.',
      img: 'https://cdn.example.com/tools/clamp.png',
      categoryId: category._id,
    });
    expect(tool.statusCode, tool.body).toBe(201);
    const created = toolSchema.parse(tool.json());
    expect(created.categoryId).toBe(category._id);

    const refused = await call(admin, 'DELETE', `/api/categories/${category._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      message: 'This category still has 1 tool: move it to another category first.',
    });

    const [other] = await listed();
    const moved = await call(admin, 'PUT', `/api/tools/${created._id}`, {
      price: 5,
      availableQuantity: 10,
      minimumOrder: 1,
      description: 'Moved.',
      img: created.img,
      categoryId: other!._id,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const deleted = await call(admin, 'DELETE', `/api/categories/${category._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listed()).some((c) => c._id === category._id)).toBe(false);
    expect((await activity('category.deleted'))[0]!.subject.id).toBe(category._id);
  });

  it('is not held back by deleted tools, and answers 404, 401 and 403 as its neighbours do', async () => {
    const category = await added();
    const tool = await call(admin, 'POST', '/api/tools', {
      name: `Gone tool of ${category.name}`,
      price: 5,
      availableQuantity: 10,
      minimumOrder: 1,
      description: 'Deleted before its category.',
      img: 'https://cdn.example.com/tools/clamp.png',
      categoryId: category._id,
    });
    await call(admin, 'DELETE', `/api/tools/${tool.json()._id}`);

    expect((await call(null, 'DELETE', `/api/categories/${category._id}`)).statusCode).toBe(401);
    expect((await call(customer, 'DELETE', `/api/categories/${category._id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/categories/${category._id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/categories/${category._id}`)).statusCode).toBe(404);
  });
});

describe('a tool’s category', () => {
  it('must exist: an unknown one is a 400 on the field', async () => {
    const response = await call(admin, 'POST', '/api/tools', {
      name: 'Tool of nowhere',
      price: 5,
      availableQuantity: 10,
      minimumOrder: 1,
      description: 'x',
      img: 'https://cdn.example.com/tools/clamp.png',
      categoryId: UNKNOWN_ID,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ 'body.categoryId': 'Choose a category' });
  });
});
