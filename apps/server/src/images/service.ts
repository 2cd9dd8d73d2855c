import { and, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ImageWidth } from '@toolshop/shared/image-sizes';
import { uploadMessages } from '@toolshop/shared/upload';
import type { Database } from '../db/client';
import { images, profiles, tools, user } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import { createImageCache } from './image-cache';
import { createImageReader, WHOLE, writeVariant } from './image-store';
import { type ProcessedImage, processImage, resizeStored } from './process-image';
import { finishAttempt, pruneAttempts, startAttempt } from './upload-attempts';
import { createWorkQueue } from './work-queue';

export const imageUrl = (id: string) => `/api/images/${id}.webp`;

/** Enough for the shop's images many times over; an evicted one costs a few database reads. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The shop's own line was full: the upload never started, so it does not count against the account. */
const lineWasFull = (error: unknown) => error instanceof AppError && error.statusCode === 429;

export function createImageService(db: Database) {
  // One image decodes at a time; a few more may wait, the rest are told to come back (decision 016).
  const queue = createWorkQueue({ concurrency: 1, maxWaiting: 4, busyMessage: uploadMessages.busy });
  // Widths of images stored before decision 036 are made on their first read, in a line of their own:
  // a first visit to a page asks for many at once, and each is quick (at most 1200 px in).
  const resizing = createWorkQueue({ concurrency: 1, maxWaiting: 64, busyMessage: uploadMessages.busy });
  const cache = createImageCache({ maxBytes: CACHE_MAX_BYTES });
  const stored = createImageReader(db);

  /** The image, its widths and the account's attempt marked stored, all in one transaction. */
  async function save(image: ProcessedImage, uploadedBy: string, attempt: string): Promise<string> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(images)
        .values({ width: image.width, height: image.height, uploadedBy })
        .returning({ id: images.id });
      await writeVariant(tx, row!.id, WHOLE, image.whole);
      for (const [width, data] of image.narrower) await writeVariant(tx, row!.id, width, data);
      await finishAttempt(tx, attempt, 'stored', image.whole.length);
      return row!.id;
    });
  }

  async function load(id: string, width: ImageWidth | undefined): Promise<Buffer | null> {
    const image = await stored.describe(id);
    if (!image) return null;
    const variant = width && width < image.width ? width : WHOLE;
    const chunks = image.variants.get(variant);
    if (chunks) return stored.read(id, variant, chunks);
    // An image stored before decision 036 has only its whole bytes: the width is made once, on sharp's
    // thread, and stored for every instance.
    const whole = await cache.get(id, () => stored.read(id, WHOLE, image.variants.get(WHOLE) ?? 0));
    if (!whole) return null;
    const data = await resizing.run(() => resizeStored(whole, variant));
    await db.transaction((tx) => writeVariant(tx, id, variant, data));
    return data;
  }

  return {
    /**
     * Stores an upload, or refuses it with 4xx. The attempt is recorded first: one at a time per account,
     * and every attempt counts against the account's day, whatever its outcome (decision 036).
     */
    async store(upload: Buffer, uploadedBy: string): Promise<{ url: string }> {
      const attempt = await startAttempt(db, uploadedBy);
      try {
        const image = await queue.run(() => processImage(upload));
        return { url: imageUrl(await save(image, uploadedBy, attempt)) };
      } catch (error) {
        // Should this fail too, the attempt ends as abandoned after a few minutes (upload-attempts.ts).
        await finishAttempt(db, attempt, lineWasFull(error) ? 'busy' : 'refused').catch(() => undefined);
        throw error;
      }
    },

    /** The stored image, or its `width` variant; read a chunk per statement, then kept in the cache. */
    async read(id: string, width?: ImageWidth): Promise<Buffer> {
      const key = id.toLowerCase();
      const data = await cache.get(width ? `${key}@${width}` : key, () => load(key, width));
      if (!data) throw notFound('Image not found');
      return data;
    },

    sweepUnreferenced: async () => {
      await pruneAttempts(db);
      return sweepUnreferencedImages(db);
    },
  };
}
export type ImageService = ReturnType<typeof createImageService>;

/**
 * Deletes images older than a day that no product (main photo or other), profile or account refers to (an upload whose form
 * was abandoned) and returns how many. One statement, so processes sweeping at once only repeat each
 * other. A URL refers to an image wherever it ends in the image's path, absolute or not. A process may
 * serve a deleted image from its cache until evicted: harmless, since nothing links to it any more.
 */
export async function sweepUnreferencedImages(db: Database): Promise<number> {
  const refersToImage = (url: AnyPgColumn | SQL) =>
    sql`${url} like '%/api/images/' || ${images.id}::text || '.webp'`;
  const noneIn = (table: PgTable, url: AnyPgColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(refersToImage(url)),
    );
  // A tool's other photos are an array (decision 058): each of its elements is a URL.
  const noneInGalleries = notExists(
    db
      .select({ one: sql`1` })
      .from(sql`${tools} cross join lateral unnest(${tools.gallery}) as photo(url)`)
      .where(refersToImage(sql`photo.url`)),
  );
  const deleted = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, sql`now() - interval '1 day'`),
        noneIn(tools, tools.img),
        noneInGalleries,
        noneIn(profiles, profiles.img),
        noneIn(user, user.image),
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}
