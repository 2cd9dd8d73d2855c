import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { imageChunks, images } from '../db/schema';

/**
 * The most bytes one statement moves. PGlite runs in this process: a statement that reads or writes a
 * 700 kB value holds the event loop for 60–260 ms, one of 32 kB for a few (decision 036). PostgreSQL does
 * not care either way, so both engines store images the same way.
 */
export const CHUNK_BYTES = 32 * 1024;

/** The variant holding the whole stored image; the others are named by their width (IMAGE_WIDTHS). */
export const WHOLE = 0;

/** A database or one of its transactions. */
type Writer = Pick<Database, 'insert'>;

export interface StoredImage {
  width: number;
  /** How many chunks each stored variant has. */
  variants: Map<number, number>;
}

/** Writes `data` as the chunks of one variant, one statement per chunk; a variant already there stays. */
export async function writeVariant(db: Writer, imageId: string, variant: number, data: Buffer) {
  for (let seq = 0; seq * CHUNK_BYTES < data.length; seq += 1) {
    await db
      .insert(imageChunks)
      .values({ imageId, variant, seq, data: data.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) })
      .onConflictDoNothing();
  }
}

/** The image's width and the variants stored for it, without reading any of their bytes; null if none. */
export async function describeImage(db: Database, imageId: string): Promise<StoredImage | null> {
  const [image] = await db.select({ width: images.width }).from(images).where(eq(images.id, imageId));
  if (!image) return null;
  const rows = await db
    .select({ variant: imageChunks.variant, chunks: count() })
    .from(imageChunks)
    .where(eq(imageChunks.imageId, imageId))
    .groupBy(imageChunks.variant);
  return { width: image.width, variants: new Map(rows.map((row) => [row.variant, row.chunks])) };
}

/** The bytes of a stored variant, read one chunk per statement so that other work runs between them. */
export async function readVariant(
  db: Database,
  imageId: string,
  variant: number,
  chunks: number,
): Promise<Buffer | null> {
  if (chunks === 0) return null;
  const parts: Buffer[] = [];
  for (let seq = 0; seq < chunks; seq += 1) {
    const [row] = await db
      .select({ data: imageChunks.data })
      .from(imageChunks)
      .where(
        and(eq(imageChunks.imageId, imageId), eq(imageChunks.variant, variant), eq(imageChunks.seq, seq)),
      );
    if (!row) return null; // deleted by the sweep while being read
    parts.push(row.data);
  }
  return Buffer.concat(parts);
}
