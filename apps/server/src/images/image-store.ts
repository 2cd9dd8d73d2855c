import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { imageChunks, images } from '../db/schema';

/**
 * The most bytes one statement moves. PGlite runs in this process: a statement that reads or writes a
 * 700 kB value holds the event loop for 60–260 ms, one of 8 kB for about a millisecond (above 12 kB the
 * cost per statement jumps; decision 036). PostgreSQL does not mind either way, so both engines store
 * images the same way.
 */
export const CHUNK_BYTES = 8 * 1024;

/** The variant holding the whole stored image; the others are named by their width (IMAGE_WIDTHS). */
export const WHOLE = 0;

/** A database or one of its transactions. */
type Writer = Pick<Database, 'insert'>;

export interface StoredImage {
  width: number;
  /** How many chunks each stored variant has. */
  variants: Map<number, number>;
}

/**
 * PGlite hands its connection from one statement to the next through promises: statements that follow
 * each other without a turn of the event loop between them run back to back, and hold it as long as one
 * statement of all their bytes would. Each chunk's statement therefore starts on a turn of its own.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs statements one at a time, each on a turn of the event loop of its own. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(statement: () => Promise<T>): Promise<T> => {
    const run = last.then(nextTurn).then(statement);
    last = run.catch(() => undefined);
    return run;
  };
}

/** Writes `data` as the chunks of one variant, a statement per chunk; chunks already there stay. */
export async function writeVariant(db: Writer, imageId: string, variant: number, data: Buffer) {
  for (let seq = 0; seq * CHUNK_BYTES < data.length; seq += 1) {
    await nextTurn();
    await db
      .insert(imageChunks)
      .values({ imageId, variant, seq, data: data.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES) })
      .onConflictDoNothing();
  }
}

/**
 * Reads of stored images, a statement at a time for the whole process: ten cold reads at once take turns
 * with every other request instead of queueing their statements behind each other (decision 036).
 */
export function createImageReader(db: Database) {
  const inTurn = oneAtATime();

  return {
    /** The image's width and the variants stored for it, without reading any of their bytes. */
    async describe(imageId: string): Promise<StoredImage | null> {
      const [image] = await inTurn(() =>
        db.select({ width: images.width }).from(images).where(eq(images.id, imageId)),
      );
      if (!image) return null;
      const rows = await inTurn(() =>
        db
          .select({ variant: imageChunks.variant, chunks: count() })
          .from(imageChunks)
          .where(eq(imageChunks.imageId, imageId))
          .groupBy(imageChunks.variant),
      );
      return { width: image.width, variants: new Map(rows.map((row) => [row.variant, row.chunks])) };
    },

    /** The bytes of a stored variant, or null when it is gone (deleted by the sweep while being read). */
    async read(imageId: string, variant: number, chunks: number): Promise<Buffer | null> {
      if (chunks === 0) return null;
      const parts: Buffer[] = [];
      for (let seq = 0; seq < chunks; seq += 1) {
        const [row] = await inTurn(() =>
          db
            .select({ data: imageChunks.data })
            .from(imageChunks)
            .where(
              and(
                eq(imageChunks.imageId, imageId),
                eq(imageChunks.variant, variant),
                eq(imageChunks.seq, seq),
              ),
            ),
        );
        if (!row) return null;
        parts.push(row.data);
      }
      return Buffer.concat(parts);
    },
  };
}
