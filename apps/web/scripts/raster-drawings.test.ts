import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rastersOf } from './raster-drawings';

const drawing = (name: string) =>
  readFile(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/images', name));

const pixelsOf = async (bytes: Buffer) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};

describe("the build's raster copies of a drawing", () => {
  it('are a WebP as wide as a product page shows it, in the drawing’s proportions, and a 1200 × 630 PNG', async () => {
    // The demo drawings are 480 × 360 (4 : 3).
    const { webp, preview } = await rastersOf(await drawing('tools/digital-multimeter.svg'));

    expect(await pixelsOf(webp)).toEqual({ format: 'webp', width: 960, height: 720 });
    expect(await pixelsOf(preview)).toEqual({ format: 'png', width: 1200, height: 630 });
  });

  it('draw the picture, not an empty frame: the preview’s middle differs from its margin', async () => {
    const { preview } = await rastersOf(await drawing('site/hero-banner.svg'));
    const { data, info } = await sharp(preview).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];

    const margin = pixel(5, 5);
    const middle = Array.from({ length: 40 }, (_, i) => pixel(400 + i * 10, 315));
    expect(middle.some((rgb) => rgb.join() !== margin.join())).toBe(true);
  });
});
