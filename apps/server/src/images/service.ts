import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { images } from '../db/schema';
import { notFound } from '../plugins/app/errors';
import { processImage } from './process-image';

export const imageUrl = (id: string) => `/api/images/${id}.webp`;

export function createImageService(db: Database) {
  return {
    async store(upload: Buffer, uploadedBy: string): Promise<{ url: string }> {
      const image = await processImage(upload);
      const [row] = await db
        .insert(images)
        .values({ ...image, uploadedBy })
        .returning({ id: images.id });
      return { url: imageUrl(row!.id) };
    },

    async read(id: string): Promise<Buffer> {
      if (!isUuid(id)) throw notFound('Image not found');
      const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, id));
      if (!row) throw notFound('Image not found');
      return row.data;
    },
  };
}
