import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema } from '@toolshop/shared/admin';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { TOOL_IMAGES_MAX, toolListSchema, toolSchema, type Tool } from '@toolshop/shared/tool';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import { tools } from '../db/schema';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

/* A product's photos (decision 058): PUT /api/tools/:id/images, and what every reader of a tool sees. */

const t = useTestApp({ seed: false });

let customer: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
  admin = await signUpAdmin(t.app);
});

const photo = () => `/api/images/${randomUUID()}.webp`;
const photos = (count: number) => Array.from({ length: count }, photo);

const setPhotos = (account: TestAccount | null, id: string, images: unknown) =>
  injectAs(t.app, account, { method: 'PUT', url: `/api/tools/${id}/images`, payload: { images } });

const read = async (id: string): Promise<Tool> => {
  const response = await t.app.inject({ url: `/api/tools/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return toolSchema.parse(response.json());
};

const listed = async (id: string) =>
  toolListSchema.parse((await t.app.inject({ url: '/api/tools' })).json()).find((tool) => tool._id === id);

/** A tool in the catalogue with these photos, the first its main one. */
async function toolWith(images: string[]): Promise<Tool> {
  const [img, ...gallery] = images;
  const row = await createTool(t.db, { img: img!, gallery });
  await t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
  return read(row.id);
}

function expectRefused(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return apiErrorSchema.parse(response.json()).error;
}

describe('PUT /api/tools/:id/images (admin: a product’s photos)', () => {
  it('keeps them in the order given: the first is the main one, SPEC’s img, on every reader', async () => {
    const tool = await toolWith([photo()]);
    const images = photos(3);

    const response = await setPhotos(admin, tool._id, images);

    expect(response.statusCode, response.body).toBe(200);
    expect(toolSchema.parse(response.json())).toMatchObject({ img: images[0], images });
    expect(await read(tool._id)).toMatchObject({ img: images[0], images });
    // SPEC §7's plain list keeps its fields: the main photo as img, no list of photos.
    const inList = await listed(tool._id);
    expect(inList?.img).toBe(images[0]);
    expect(inList).not.toHaveProperty('images');
  });

  it('reorders, picks another main photo and removes those left out', async () => {
    const [first, second, third] = photos(3);
    const tool = await toolWith([first!, second!, third!]);

    const response = await setPhotos(admin, tool._id, [third, first]);

    expect(response.statusCode, response.body).toBe(200);
    expect(await read(tool._id)).toMatchObject({ img: third, images: [third, first] });
  });

  it(`takes up to ${TOOL_IMAGES_MAX} photos, a drawing of the shop’s or an upload`, async () => {
    const tool = await toolWith([photo()]);
    const images = ['/images/tools/thermal-paste.svg', ...photos(TOOL_IMAGES_MAX - 1)];

    expect((await setPhotos(admin, tool._id, images)).statusCode).toBe(200);
    expect((await read(tool._id)).images).toEqual(images);
  });

  it.each([
    ['none', [], 'A product needs at least one photo'],
    [
      `${TOOL_IMAGES_MAX + 1}`,
      photos(TOOL_IMAGES_MAX + 1),
      `A product has at most ${TOOL_IMAGES_MAX} photos`,
    ],
    ['the same photo twice', ((one) => [one, one])(photo()), 'Each photo may appear once'],
  ])('refuses %s with 400, changing nothing', async (_label, images, message) => {
    const tool = await toolWith(photos(2));

    const error = expectRefused(await setPhotos(admin, tool._id, images), 400);

    expect(error.fields?.['body.images']).toBe(message);
    expect((await read(tool._id)).images).toEqual(tool.images);
  });

  it.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['a plain http image', 'http://images.example.com/a.png'],
    ['a path outside the uploads', '/api/images/../../etc/passwd'],
  ])('refuses %s as a photo with 400', async (_label, bad) => {
    const tool = await toolWith(photos(1));

    const error = expectRefused(await setPhotos(admin, tool._id, [tool.img, bad]), 400);

    expect(error.fields?.['body.images.1']).toBe('Must be an uploaded image');
    expect((await read(tool._id)).images).toEqual(tool.images);
  });

  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    const tool = await toolWith(photos(1));

    expectRefused(await setPhotos(null, tool._id, photos(2)), 401);
    expectRefused(await setPhotos(customer, tool._id, photos(2)), 403);
    expect((await read(tool._id)).images).toEqual(tool.images);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const gone = await toolWith(photos(1));
    await t.db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, gone._id));

    expectRefused(await setPhotos(admin, randomUUID(), photos(1)), 404);
    expectRefused(await setPhotos(admin, gone._id, photos(1)), 404);
  });

  it('logs the photos before and after, and nothing when they did not change', async () => {
    const before = photos(2);
    const tool = await toolWith(before);
    const after = [before[1]!, photo()];

    await setPhotos(admin, tool._id, after);
    await setPhotos(admin, tool._id, after);

    const log = activityPageSchema
      .parse((await injectAs(t.app, admin, { url: '/api/admin/activity?limit=100' })).json())
      .items.filter((entry) => entry.subject.id === tool._id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      kind: 'product.edited',
      details: { changes: { images: { before, after } } },
    });
  });

  it('is kept within eight by the database too, whatever writes the row', async () => {
    await expect(createTool(t.db, { gallery: photos(TOOL_IMAGES_MAX) })).rejects.toThrow();
  });
});

describe('PUT /api/tools/:id (SPEC’s edit) and the photos', () => {
  const edit = (tool: Tool, img: string) =>
    injectAs(t.app, admin, {
      method: 'PUT',
      url: `/api/tools/${tool._id}`,
      payload: {
        price: tool.price,
        availableQuantity: tool.onHand,
        minimumOrder: tool.minimumOrder,
        description: tool.description,
        img,
      },
    });

  it('replaces the main photo with a new image and keeps the others', async () => {
    const [main, second, third] = photos(3);
    const tool = await toolWith([main!, second!, third!]);
    const replacement = photo();

    expect((await edit(tool, replacement)).statusCode).toBe(200);

    expect((await read(tool._id)).images).toEqual([replacement, second, third]);
  });

  it('makes one of the other photos the main one without showing it twice', async () => {
    const [main, second, third] = photos(3);
    const tool = await toolWith([main!, second!, third!]);

    expect((await edit(tool, third!)).statusCode).toBe(200);

    expect((await read(tool._id)).images).toEqual([third, second]);
  });
});
