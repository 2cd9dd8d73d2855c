import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@toolshop/shared/image-sizes';
import { imageChunks, images, profiles, tools, user } from '../db/schema';
import { signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { CHUNK_BYTES, WHOLE, writeVariant } from './image-store';
import { sweepUnreferencedImages } from './service';
import { canvas, fileForm, idOfImage, imageCalls, noise } from './test-uploads';

const t = useTestApp({ seed: false });
const { upload, uploadPng, fetchStored } = imageCalls(t);

let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
});

const variantsOf = async (id: string) =>
  t.db
    .select({
      variant: imageChunks.variant,
      seq: imageChunks.seq,
      bytes: sql<number>`octet_length(${imageChunks.data})`,
    })
    .from(imageChunks)
    .where(eq(imageChunks.imageId, id));

describe('how an image is stored', () => {
  it('keeps the whole image and each narrower srcset width, in chunks no larger than CHUNK_BYTES', async () => {
    const png = await noise(1000, 700).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'noise.png', 'image/png'))).json().data;

    const chunks = await variantsOf(idOfImage(url));

    expect(new Set(chunks.map((chunk) => chunk.variant))).toEqual(
      new Set([WHOLE, ...IMAGE_WIDTHS.filter((width) => width < 1000)]),
    );
    expect(chunks.filter((chunk) => chunk.variant === WHOLE).length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.bytes).toBeLessThanOrEqual(CHUNK_BYTES);
    const whole = await fetchStored(url);
    expect(await sharp(whole.rawPayload).metadata()).toMatchObject({ width: 1000, height: 700 });
  });

  it('serves each width from the bytes made at upload', async () => {
    const url = await uploadPng(customer, 1200, 800);
    const id = idOfImage(url);

    // A stand-in for the 480 variant: what is served must be what was stored, not made anew.
    await t.db
      .delete(imageChunks)
      .where(sql`${imageChunks.imageId} = ${id} and ${imageChunks.variant} = 480`);
    const stand = await canvas(480, 100).webp().toBuffer();
    await writeVariant(t.db, id, 480, stand);

    expect((await fetchStored(`${url}?w=480`)).rawPayload.equals(stand)).toBe(true);
  });

  it('serves an image stored before its widths were (only its whole bytes), at every width, and keeps them', async () => {
    const whole = await canvas(1200, 600).webp().toBuffer();
    const [owner] = await t.db.select({ id: user.id }).from(user).limit(1);
    const [row] = await t.db
      .insert(images)
      .values({ width: 1200, height: 600, uploadedBy: owner!.id })
      .returning({ id: images.id });
    await writeVariant(t.db, row!.id, WHOLE, whole);
    const url = `/api/images/${row!.id}.webp`;

    for (const width of IMAGE_WIDTHS) {
      const served = await fetchStored(`${url}?w=${width}`);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
    }
    expect((await fetchStored(url)).rawPayload.equals(whole)).toBe(true);
    expect(new Set((await variantsOf(row!.id)).map((chunk) => chunk.variant))).toEqual(
      new Set([WHOLE, ...IMAGE_WIDTHS]),
    );
  });
});

describe('reading an image', () => {
  it('serves an image read once without going back to the database', async () => {
    const png = await canvas(200, 100).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'tool.png', 'image/png'))).json().data;
    const first = await fetchStored(url);

    await t.db.delete(images).where(eq(images.id, idOfImage(url)));

    const again = await fetchStored(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 to a browser that already holds the image', async () => {
    const png = await canvas(200, 100).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'tool.png', 'image/png'))).json().data;
    const { etag } = (await fetchStored(url)).headers;
    expect(etag).toEqual(expect.any(String));

    const response = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });

    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
  });
});

describe('GET /api/images/:file?w= (srcset widths)', () => {
  it('serves a stored image narrower for a smaller slot, kept and tagged apart from the original', async () => {
    const png = await canvas(1200, 800).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'bench.png', 'image/png'))).json().data;

    const small = await fetchStored(`${url}?w=320`);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 213,
    });
    const original = await fetchStored(url);
    expect(small.headers.etag).not.toBe(original.headers.etag);
    expect(small.rawPayload.length).toBeLessThan(original.rawPayload.length);

    const again = await fetchStored(`${url}?w=320`);
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({
      url: `${url}?w=320`,
      headers: { 'if-none-match': String(small.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never makes an image wider than it is', async () => {
    const png = await canvas(400, 300).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'small.png', 'image/png'))).json().data;

    const wide = await fetchStored(`${url}?w=960`);

    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('answers 400 to a width the shop does not offer, and 404 to an unknown image', async () => {
    const png = await canvas(400, 300).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'odd.png', 'image/png'))).json().data;

    const odd = await t.app.inject({ url: `${url}?w=333` });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.fields).toHaveProperty(['querystring.w']);
    const unknown = await t.app.inject({
      url: '/api/images/00000000-0000-4000-8000-000000000000.webp?w=320',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('collecting unreferenced uploads', () => {
  it('deletes images older than a day that no product (main photo or other), profile or account refers to', async () => {
    const account = await signUp(t.app);
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    const png = await canvas(100, 100).png().toBuffer();
    const uploadOne = async () =>
      (await upload(account, fileForm(png, 'tool.png', 'image/png'))).json().data.url as string;
    const [forTool, forGallery, forProfile, forAccount, abandoned, fresh] = [
      await uploadOne(),
      await uploadOne(),
      await uploadOne(),
      `https://shop.example${await uploadOne()}`,
      await uploadOne(),
      await uploadOne(),
    ];
    await t.db.insert(tools).values({
      name: 'Swept drill',
      priceCents: 1000,
      img: forTool,
      gallery: [forGallery],
      description: 'A drill',
      minimumOrder: 1,
      onHand: 5,
    });
    await t.db.insert(profiles).values({
      userId: owner!.id,
      education: 'School',
      location: 'Town',
      linkedIn: 'https://linkedin.com/in/someone',
      number: '123',
      img: forProfile,
    });
    await t.db.update(user).set({ image: forAccount }).where(eq(user.id, owner!.id));
    const ids = [forTool, forGallery, forProfile, forAccount, abandoned].map(idOfImage);
    await t.db
      .update(images)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(images.id, ids));

    await sweepUnreferencedImages(t.db);

    expect((await t.app.inject({ method: 'GET', url: abandoned })).statusCode).toBe(404);
    for (const url of [
      forTool,
      forGallery,
      forProfile,
      forAccount.replace('https://shop.example', ''),
      fresh,
    ]) {
      await fetchStored(url);
    }
  });
});
