import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_SIDE, IMAGE_STORED_MAX_BYTES } from '@toolshop/shared/upload';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { canvas, fileForm, IMAGE_URL, imageCalls, noise } from './test-uploads';

const t = useTestApp({ seed: false });
const { upload, fetchStored, storedImageCount } = imageCalls(t);

let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
});

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
