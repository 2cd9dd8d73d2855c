import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_FIELD, uploadMessages } from '@toolshop/shared/upload';
import { server } from '../test/server';
import { ApiError } from './api-client';
import { uploadImage } from './upload-image';

const URL_STORED = '/api/images/2b1f0c3e-5d7a-4c1e-9f00-0123456789ab.webp';
const png = () => new File(['png bytes'], 'mat.png', { type: 'image/png' });

describe('uploadImage', () => {
  it('sends the file as the multipart image field and resolves with the URL the server stored', async () => {
    const received: { type: string; text: string }[] = [];
    server.use(
      http.post('/api/uploads', async ({ request }) => {
        const file = (await request.formData()).get(UPLOAD_FIELD) as File;
        received.push({ type: file.type, text: await file.text() });
        return HttpResponse.json({ data: { url: URL_STORED } }, { status: 201 });
      }),
    );
    const onProgress = vi.fn();

    await expect(uploadImage(png(), onProgress)).resolves.toBe(URL_STORED);
    // (jsdom's FormData reaches MSW without the file's name, so the bytes and type are what is compared.)
    expect(received).toEqual([{ type: 'image/png', text: 'png bytes' }]);
    // The whole body went up: the last word on progress is "done".
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it("rejects with the server's code and message when it refuses the image", async () => {
    server.use(
      http.post('/api/uploads', () =>
        HttpResponse.json(
          { error: { code: 'upload_busy', message: uploadMessages.oneAtATime } },
          { status: 429 },
        ),
      ),
    );
    const refused = await uploadImage(png(), vi.fn()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'upload_busy', message: uploadMessages.oneAtATime });
  });

  it('says the upload failed when the answer is not the shop’s error shape', async () => {
    server.use(http.post('/api/uploads', () => new HttpResponse('Bad gateway', { status: 502 })));

    await expect(uploadImage(png(), vi.fn())).rejects.toMatchObject({
      status: 502,
      code: 'upload_failed',
      message: 'The upload failed.',
    });
  });

  it('says to check the connection when the request never gets an answer', async () => {
    server.use(http.post('/api/uploads', () => HttpResponse.error()));

    await expect(uploadImage(png(), vi.fn())).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'The upload failed: check your connection.',
    });
  });
});
