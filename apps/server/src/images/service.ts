import { and, count, eq, gt, lt, notExists, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ImageWidth } from '@toolshop/shared/image-sizes';
import { UPLOAD_DAILY_MAX_BYTES, UPLOAD_DAILY_MAX_COUNT, uploadMessages } from '@toolshop/shared/upload';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { images, profiles, tools, user } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import { createImageCache } from './image-cache';
import { processImage, resizeStored } from './process-image';
import { createWorkQueue } from './work-queue';

export const imageUrl = (id: string) => `/api/images/${id}.webp`;

/** Enough for the shop's images many times over; an evicted one costs a single database read. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

export function createImageService(db: Database) {
  // One image decodes at a time; a few more may wait, the rest are told to come back (decision 016).
  const queue = createWorkQueue({ concurrency: 1, maxWaiting: 4, busyMessage: uploadMessages.busy });
  // Resizing for srcset has its own line, longer than uploads': a first visit to a page of new products asks
  // for many sizes at once, and a resize (at most 1200 px in) is quick. Still one at a time.
  const resizing = createWorkQueue({ concurrency: 1, maxWaiting: 64, busyMessage: uploadMessages.busy });
  const cache = createImageCache({ maxBytes: CACHE_MAX_BYTES });

  const loadImage = async (id: string) => {
    const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, id));
    return row?.data ?? null;
  };

  /** Counted in the database, so every server process sees the same day's uploads. */
  async function assertWithinDailyLimit(uploadedBy: string) {
    const [today] = await db
      .select({ count: count(), bytes: sum(images.bytes).mapWith(Number) })
      .from(images)
      .where(and(eq(images.uploadedBy, uploadedBy), gt(images.createdAt, sql`now() - interval '1 day'`)));
    if (today!.count >= UPLOAD_DAILY_MAX_COUNT || (today!.bytes ?? 0) >= UPLOAD_DAILY_MAX_BYTES) {
      throw new AppError(429, 'too_many_requests', uploadMessages.dailyLimit);
    }
  }

  return {
    async store(upload: Buffer, uploadedBy: string): Promise<{ url: string }> {
      await assertWithinDailyLimit(uploadedBy);
      const image = await queue.run(() => processImage(upload));
      const [row] = await db
        .insert(images)
        .values({ ...image, bytes: image.data.length, uploadedBy })
        .returning({ id: images.id });
      return { url: imageUrl(row!.id) };
    },

    /**
     * The stored image, or made `width` wide: each size is made once (one at a time, so resizing never
     * holds more than one core) and then kept in the cache like the original.
     */
    async read(id: string, width?: ImageWidth): Promise<Buffer> {
      if (!isUuid(id)) throw notFound('Image not found');
      const original = () => cache.get(id.toLowerCase(), loadImage);
      const data = width
        ? await cache.get(`${id.toLowerCase()}@${width}`, async () => {
            const stored = await original();
            return stored && resizing.run(() => resizeStored(stored, width));
          })
        : await original();
      if (!data) throw notFound('Image not found');
      return data;
    },

    sweepUnreferenced: () => sweepUnreferencedImages(db),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

/**
 * Deletes images older than a day that no product, profile or account refers to (an upload whose form
 * was abandoned) and returns how many. One statement, so processes sweeping at once only repeat each
 * other. A URL refers to an image wherever it ends in the image's path, absolute or not. A process may
 * serve a deleted image from its cache until evicted: harmless, since nothing links to it any more.
 */
export async function sweepUnreferencedImages(db: Database): Promise<number> {
  const noneIn = (table: PgTable, url: AnyPgColumn) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(sql`${url} like '%/api/images/' || ${images.id}::text || '.webp'`),
    );
  const deleted = await db
    .delete(images)
    .where(
      and(
        lt(images.createdAt, sql`now() - interval '1 day'`),
        noneIn(tools, tools.img),
        noneIn(profiles, profiles.img),
        noneIn(user, user.image),
      ),
    )
    .returning({ id: images.id });
  return deleted.length;
}
