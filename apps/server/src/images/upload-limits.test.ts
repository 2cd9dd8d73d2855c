import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_DAILY_MAX_BYTES, UPLOAD_DAILY_MAX_COUNT, uploadMessages } from '@toolshop/shared/upload';
import { uploadAttempts } from '../db/schema';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { canvas, fileForm, imageCalls } from './test-uploads';

const t = useTestApp({ seed: false });
const { upload, storedImageCount, accountId } = imageCalls(t);

const png = () => canvas(100, 100).png().toBuffer();
const sendPng = async (account: Awaited<ReturnType<typeof signUp>>) =>
  upload(account, fileForm(await png(), 'tool.png', 'image/png'));
const tooMany = (message: string) => ({ error: { code: 'too_many_requests', message } });

interface PastAttempts {
  rows: number;
  age: string;
  outcome?: 'stored' | 'refused' | 'busy' | null;
  storedBytes?: number;
}

/** A new account that already made `rows` uploads `age` ago; `outcome: null` leaves them running. */
async function accountWithAttempts({ rows, age, outcome = 'stored', storedBytes = 0 }: PastAttempts) {
  const account = await signUp(t.app);
  const id = await accountId(account);
  await t.db.insert(uploadAttempts).values(
    Array.from({ length: rows }, () => ({
      accountId: id,
      startedAt: sql`now() - ${age}::interval`,
      finishedAt: outcome ? sql`now() - ${age}::interval` : null,
      outcome,
      storedBytes,
    })),
  );
  return account;
}

describe('daily upload limit per account', () => {
  it('answers 429 once an account has uploaded its number of images for the day', async () => {
    const account = await accountWithAttempts({ rows: UPLOAD_DAILY_MAX_COUNT, age: '1 hour' });
    const before = await storedImageCount();

    const response = await sendPng(account);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(tooMany(uploadMessages.dailyLimit));
    expect(await storedImageCount()).toBe(before);
  });

  it('answers 429 once an account has uploaded its bytes for the day', async () => {
    const account = await accountWithAttempts({
      rows: 1,
      age: '1 hour',
      storedBytes: UPLOAD_DAILY_MAX_BYTES,
    });

    const response = await sendPng(account);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(tooMany(uploadMessages.dailyLimit));
  });

  it('counts refused and failed uploads: a file that is no image uses up the last one of the day', async () => {
    const account = await accountWithAttempts({
      rows: UPLOAD_DAILY_MAX_COUNT - 1,
      age: '1 hour',
      outcome: 'refused',
    });

    const refused = await upload(account, fileForm(Buffer.from('not an image'), 'a.png', 'image/png'));
    expect(refused.statusCode).toBe(415);
    const response = await sendPng(account);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(tooMany(uploadMessages.dailyLimit));
  });

  it('does not count an upload the shop turned away because its line was full', async () => {
    const account = await accountWithAttempts({
      rows: UPLOAD_DAILY_MAX_COUNT,
      age: '1 hour',
      outcome: 'busy',
    });

    const response = await sendPng(account);

    expect(response.statusCode, response.body).toBe(201);
  });

  it("counts only the last day: yesterday's uploads leave today free", async () => {
    const account = await accountWithAttempts({
      rows: UPLOAD_DAILY_MAX_COUNT,
      age: '25 hours',
      storedBytes: UPLOAD_DAILY_MAX_BYTES,
    });

    const response = await sendPng(account);

    expect(response.statusCode, response.body).toBe(201);
  });

  it('is counted per account: another customer may still upload', async () => {
    await accountWithAttempts({ rows: UPLOAD_DAILY_MAX_COUNT, age: '1 hour' });

    const response = await sendPng(await signUp(t.app));

    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('one upload at a time per account', () => {
  it('answers 429 at once while another upload of the account is running, on any instance', async () => {
    const account = await accountWithAttempts({ rows: 1, age: '2 seconds', outcome: null });
    const before = await storedImageCount();

    const response = await sendPng(account);

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(tooMany(uploadMessages.oneAtATime));
    expect(await storedImageCount()).toBe(before);
  });

  it('lets another account upload meanwhile, and the account itself once its upload ended', async () => {
    const busy = await accountWithAttempts({ rows: 1, age: '2 seconds', outcome: null });

    expect((await sendPng(await signUp(t.app))).statusCode).toBe(201);

    await t.db.update(uploadAttempts).set({ finishedAt: sql`now()`, outcome: 'stored' });
    expect((await sendPng(busy)).statusCode).toBe(201);
    expect((await sendPng(busy)).statusCode).toBe(201);
  });

  it('no longer waits for an upload abandoned minutes ago (its process stopped)', async () => {
    const account = await accountWithAttempts({ rows: 1, age: '6 minutes', outcome: null });

    const response = await sendPng(account);

    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('what an upload may cost to decode, judged from its header', () => {
  const tooCostly = {
    error: { code: 'payload_too_large', message: uploadMessages.tooCostly },
  };

  it.each([
    [
      'an interlaced PNG too large to hold whole (4,100 × 4,100 RGB)',
      () => canvas(4100, 4100).png({ progressive: true }).toBuffer(),
    ],
    [
      'a PNG of 16 bits per channel (4,500 × 4,500 RGBA)',
      () =>
        sharp({ create: { width: 4500, height: 4500, channels: 4, background: '#ea580c80' } })
          .toColourspace('rgb16')
          .png()
          .toBuffer(),
    ],
  ])('answers 413 to %s that compresses small, and stores nothing', async (_label, make) => {
    const bytes = await make();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const before = await storedImageCount();

    const response = await upload(await signUp(t.app), fileForm(bytes, 'crafted.png', 'image/png'));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooCostly);
    expect(await storedImageCount()).toBe(before);
  });

  it('takes a photo of nearly 40 million pixels, shrunk as it loads, and a 16-bit PNG of modest size', async () => {
    const account = await signUp(t.app);
    const photo = await canvas(7200, 5500).jpeg().toBuffer();
    const deep = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ea580c' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();

    const stored = await upload(account, fileForm(photo, 'photo.jpg', 'image/jpeg'));
    expect(stored.statusCode, stored.body).toBe(201);
    const storedDeep = await upload(account, fileForm(deep, 'deep.png', 'image/png'));
    expect(storedDeep.statusCode, storedDeep.body).toBe(201);

    const served = await t.app.inject({ url: storedDeep.json().data.url });
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 800, height: 600 });
    // #ea580c stays itself through the 16 → 8 bit conversion (not clipped to white).
    expect([...data.subarray(0, 3)].every((value, i) => Math.abs(value - [0xea, 0x58, 0x0c][i]!) < 8)).toBe(
      true,
    );
  });
});
