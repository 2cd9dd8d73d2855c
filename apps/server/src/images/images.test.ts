import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_SIDE,
  IMAGE_STORED_MAX_BYTES,
  UPLOAD_DAILY_MAX_BYTES,
  UPLOAD_DAILY_MAX_COUNT,
  uploadMessages,
} from '@toolshop/shared/upload';
import { images, profiles, tools, user } from '../db/schema';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { sweepUnreferencedImages } from './service';

const t = useTestApp({ seed: false });

let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
});

const IMAGE_URL = /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const unsupportedBody = {
  error: { code: 'unsupported_media_type', message: 'Only PNG, JPEG, WebP and GIF images are accepted.' },
};
const noImageBody = {
  error: {
    code: 'invalid_input',
    message: 'Send the image in a field named "image".',
    fields: { image: 'Image is Required' },
  },
};

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ea580c' } });

/** Random pixels: the worst case for compression, as in the crafted uploads of issue 13. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/** A multipart/form-data body as a browser would send it: the bytes and the content-type with its boundary. */
async function multipartBody(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://toolshop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

function fileForm(bytes: Buffer, fileName: string, type: string, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

async function upload(account: TestAccount | null, form: FormData) {
  const { payload, contentType } = await multipartBody(form);
  return injectAs(t.app, account, {
    method: 'POST',
    url: '/api/uploads',
    headers: { 'content-type': contentType },
    payload,
  });
}

const storedImageCount = async () => (await t.db.select({ id: images.id }).from(images)).length;

async function fetchStored(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response;
}

describe('POST /api/uploads', () => {
  it('stores a PNG from a signed-in customer as a WebP at most 1200 px wide, served to anyone for a year', async () => {
    const png = await canvas(2000, 1000).png().toBuffer();

    const response = await upload(customer, fileForm(png, 'workshop.png', 'image/png'));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, data: { url: expect.stringMatching(IMAGE_URL) } });

    const stored = await fetchStored(response.json().data.url);
    expect(stored.headers['content-type']).toBe('image/webp');
    expect(stored.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 600 });
  });

  it('drops the EXIF metadata of an uploaded photo', async () => {
    const jpeg = await canvas(400, 300)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'Someone Private' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeInstanceOf(Buffer);

    const response = await upload(customer, fileForm(jpeg, 'photo.jpg', 'image/jpeg'));

    expect(response.statusCode).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(stored.rawPayload.includes('secret')).toBe(false);
  });

  it('does not enlarge a small image', async () => {
    const png = await canvas(300, 200).png().toBuffer();

    const response = await upload(customer, fileForm(png, 'small.png', 'image/png'));

    expect(response.statusCode).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
  });

  it.each([
    ['JPEG', 'tool.jpg', 'image/jpeg', () => canvas(1600, 800).jpeg().toBuffer()],
    ['WebP', 'tool.webp', 'image/webp', () => canvas(1600, 800).webp().toBuffer()],
    ['GIF', 'tool.gif', 'image/gif', () => canvas(1600, 800).gif().toBuffer()],
  ])('accepts a %s image and stores it as WebP', async (_format, fileName, type, make) => {
    const response = await upload(customer, fileForm(await make(), fileName, type));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, data: { url: expect.stringMatching(IMAGE_URL) } });
    const stored = await fetchStored(response.json().data.url);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 600,
    });
  });

  it.each([
    [
      'a text file named photo.png',
      'photo.png',
      'image/png',
      Buffer.from('just some text, not a picture\n'.repeat(20)),
    ],
    [
      'an SVG image',
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script>' +
          '<rect width="100" height="100" fill="#ea580c"/></svg>',
      ),
    ],
    [
      'a PDF named photo.png',
      'photo.png',
      'image/png',
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
    ],
  ])('answers 415 to %s and stores nothing', async (_label, fileName, type, bytes) => {
    const before = await storedImageCount();

    const response = await upload(customer, fileForm(bytes, fileName, type));

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(unsupportedBody);
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 415 to a PNG that is cut off half way and stores nothing', async () => {
    const png = await canvas(800, 800).png({ compressionLevel: 0 }).toBuffer();
    const before = await storedImageCount();

    const response = await upload(
      customer,
      fileForm(png.subarray(0, png.length / 2), 'cut.png', 'image/png'),
    );

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(unsupportedBody);
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 413 to a file over 5 MB and stores nothing', async () => {
    const before = await storedImageCount();

    const response = await upload(
      customer,
      fileForm(randomBytes(5 * 1024 * 1024 + 1), 'big.png', 'image/png'),
    );

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Images may be at most 5 MB.' },
    });
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 413 to an image of more than 40 million pixels, even when the file is small', async () => {
    const png = await canvas(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
    expect(png.length).toBeLessThan(1024 * 1024);
    const before = await storedImageCount();

    const response = await upload(customer, fileForm(png, 'huge.png', 'image/png'));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'Images may have at most 40 million pixels.' },
    });
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 400 to a form without a file', async () => {
    const response = await upload(customer, new FormData());

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(noImageBody);
  });

  it('answers 400 to a form whose only field is text, not a file', async () => {
    const form = new FormData();
    form.append('caption', 'my drill');

    const response = await upload(customer, form);

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('answers 400 to a file sent under another field name and stores nothing', async () => {
    const png = await canvas(100, 100).png().toBuffer();
    const before = await storedImageCount();

    const response = await upload(customer, fileForm(png, 'tool.png', 'image/png', 'file'));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(noImageBody);
    expect(await storedImageCount()).toBe(before);
  });

  it.each([
    ['a multipart body cut off in the middle', 'multipart/form-data; boundary=----toolshop', 'cut'],
    ['a multipart content type without a boundary', 'multipart/form-data', 'whole'],
    ['a body that is not multipart at all', 'multipart/form-data; boundary=----toolshop', 'garbage'],
  ])('answers 400, never 500, to %s', async (_label, contentType, kind) => {
    const png = await canvas(100, 100).png().toBuffer();
    const whole = Buffer.concat([
      Buffer.from(
        '------toolshop\r\nContent-Disposition: form-data; name="image"; filename="tool.png"\r\n' +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n------toolshop--\r\n'),
    ]);
    const payload =
      kind === 'cut' ? whole.subarray(0, whole.length / 2) : kind === 'whole' ? whole : Buffer.from('hello');
    const before = await storedImageCount();

    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': contentType },
      payload,
    });

    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 415 to a JSON body', async () => {
    const response = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/uploads',
      payload: { image: 'https://example.com/tool.png' },
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'unsupported_media_type', message: 'Send the image as multipart/form-data.' },
    });
  });

  it('answers 401 to an anonymous upload and stores nothing', async () => {
    const png = await canvas(100, 100).png().toBuffer();
    const before = await storedImageCount();

    const response = await upload(null, fileForm(png, 'tool.png', 'image/png'));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
    expect(await storedImageCount()).toBe(before);
  });
});

describe('GET /api/images/:file', () => {
  it.each([
    ['an unknown image', `${randomUUID()}.webp`],
    ['a name that is not a uuid', 'not-a-uuid'],
    ['a name that is not a uuid, with .webp', 'not-a-uuid.webp'],
  ])('answers 404 JSON for %s', async (_label, file) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/images/${file}` });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Image not found' } });
  });
});

describe('bounds of a stored image', () => {
  it('fits a tall strip of noise inside 1200 × 1200 px', async () => {
    const jpeg = await noise(400, 6000).jpeg({ quality: 90 }).toBuffer();

    const response = await upload(customer, fileForm(jpeg, 'strip.jpg', 'image/jpeg'));

    expect(response.statusCode, response.body).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 80,
      height: IMAGE_MAX_SIDE,
    });
  });

  it('stores a full-size image of noise in at most IMAGE_STORED_MAX_BYTES', async () => {
    const png = await noise(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE).png().toBuffer();

    const response = await upload(customer, fileForm(png, 'noise.png', 'image/png'));

    expect(response.statusCode, response.body).toBe(201);
    const stored = await fetchStored(response.json().data.url);
    expect(stored.rawPayload.length).toBeLessThanOrEqual(IMAGE_STORED_MAX_BYTES);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ width: 1200, height: 1200 });
  });
});

describe('reading an image', () => {
  const idOf = (url: string) => url.replace(/^\/api\/images\/|\.webp$/g, '');

  it('serves an image read once without going back to the database', async () => {
    const png = await canvas(200, 100).png().toBuffer();
    const { url } = (await upload(customer, fileForm(png, 'tool.png', 'image/png'))).json().data;
    const first = await fetchStored(url);

    await t.db.delete(images).where(eq(images.id, idOf(url)));

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

describe('daily upload limit per account', () => {
  async function accountWithUploads(rows: number, bytesEach: number, age: string) {
    const account = await signUp(t.app);
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    const values = Array.from({ length: rows }, () => ({
      data: Buffer.from('x'),
      bytes: bytesEach,
      width: 1,
      height: 1,
      uploadedBy: row!.id,
      createdAt: sql`now() - ${age}::interval`,
    }));
    await t.db.insert(images).values(values as never);
    return account;
  }

  const png = () => canvas(100, 100).png().toBuffer();
  const limitBody = { error: { code: 'too_many_requests', message: uploadMessages.dailyLimit } };

  it('answers 429 once an account has uploaded its number of images for the day', async () => {
    const account = await accountWithUploads(UPLOAD_DAILY_MAX_COUNT, 1000, '1 hour');
    const before = await storedImageCount();

    const response = await upload(account, fileForm(await png(), 'tool.png', 'image/png'));

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(limitBody);
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 429 once an account has uploaded its bytes for the day', async () => {
    const account = await accountWithUploads(1, UPLOAD_DAILY_MAX_BYTES, '1 hour');

    const response = await upload(account, fileForm(await png(), 'tool.png', 'image/png'));

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(limitBody);
  });

  it("counts only the last day: yesterday's uploads leave today free", async () => {
    const account = await accountWithUploads(UPLOAD_DAILY_MAX_COUNT, UPLOAD_DAILY_MAX_BYTES, '25 hours');

    const response = await upload(account, fileForm(await png(), 'tool.png', 'image/png'));

    expect(response.statusCode, response.body).toBe(201);
  });

  it('is counted per account: another customer may still upload', async () => {
    await accountWithUploads(UPLOAD_DAILY_MAX_COUNT, 1000, '1 hour');

    const response = await upload(customer, fileForm(await png(), 'tool.png', 'image/png'));

    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('collecting unreferenced uploads', () => {
  it('deletes images older than a day that no product, profile or account refers to', async () => {
    const account = await signUp(t.app);
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    const png = await canvas(100, 100).png().toBuffer();
    const uploadOne = async () =>
      (await upload(account, fileForm(png, 'tool.png', 'image/png'))).json().data.url as string;
    const [forTool, forProfile, forAccount, abandoned, fresh] = [
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
    const ids = [forTool, forProfile, forAccount, abandoned].map((url) =>
      url.replace(/^.*\/api\/images\/|\.webp$/g, ''),
    );
    await t.db
      .update(images)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(images.id, ids));

    await sweepUnreferencedImages(t.db);

    expect((await t.app.inject({ method: 'GET', url: abandoned })).statusCode).toBe(404);
    for (const url of [forTool, forProfile, forAccount.replace('https://shop.example', ''), fresh]) {
      await fetchStored(url);
    }
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
