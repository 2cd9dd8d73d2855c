import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { images, user } from '../db/schema';
import { injectAs, type TestAccount } from '../test/accounts';
import type { TestContext } from '../test/build-test-app';

// What the images feature's test files share: images to send, and sending them as a browser does.

export const IMAGE_URL =
  /^\/api\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ea580c' } });

/** Random pixels: the worst case for compression, as in the crafted uploads of decision 016. */
export const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

/** A multipart/form-data body as a browser would send it: the bytes and the content-type with its boundary. */
async function multipartBody(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://toolshop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

export function fileForm(bytes: Buffer, fileName: string, type: string, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}

export const idOfImage = (url: string) => url.replace(/^.*\/api\/images\/|\.webp$/g, '');

/** The calls the image tests make against the test app of `t`. */
export function imageCalls(t: TestContext) {
  async function upload(account: TestAccount | null, form: FormData) {
    const { payload, contentType } = await multipartBody(form);
    return injectAs(t.app, account, {
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': contentType },
      payload,
    });
  }

  /** A PNG of `width` × `height` uploaded by `account`; answers its URL. */
  async function uploadPng(account: TestAccount, width = 100, height = 100): Promise<string> {
    const png = await canvas(width, height).png().toBuffer();
    const response = await upload(account, fileForm(png, 'tool.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.url;
  }

  async function fetchStored(url: string) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response;
  }

  const storedImageCount = async () => (await t.db.select({ id: images.id }).from(images)).length;

  async function accountId(account: TestAccount): Promise<string> {
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
    return row!.id;
  }

  return { upload, uploadPng, fetchStored, storedImageCount, accountId };
}
