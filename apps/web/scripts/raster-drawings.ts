import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { afterClientBuild } from './after-client-build.ts';
// Relative, not `@toolshop/shared`: Vite loads its config with Node, which takes the linked package's
// TypeScript as it is, while it bundles what the config imports by path.
import {
  DRAWING_WEBP_WIDTH,
  drawingRasters,
  PREVIEW_IMAGE,
} from '../../../packages/shared/src/raster-images.ts';

/** The preview's margin, around the drawing, in the drawing's own background colour. */
const PREVIEW_BACKGROUND = '#f0f9ff';

/** Rasterized at a density that gives at least `width` pixels, so nothing is scaled up from a small raster. */
async function rendered(svg: Buffer, width: number) {
  const { width: drawn = width } = await sharp(svg).metadata();
  return sharp(svg, { density: Math.ceil((72 * width) / drawn) });
}

/** A drawing's raster copies: WebP at DRAWING_WEBP_WIDTH, and the link preview's PNG, the drawing centred. */
export async function rastersOf(svg: Buffer): Promise<{ webp: Buffer; preview: Buffer }> {
  const [webp, preview] = await Promise.all([
    (await rendered(svg, DRAWING_WEBP_WIDTH))
      .resize({ width: DRAWING_WEBP_WIDTH })
      .webp({ quality: 90 })
      .toBuffer(),
    (await rendered(svg, PREVIEW_IMAGE.width))
      .resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, { fit: 'contain', background: PREVIEW_BACKGROUND })
      .flatten({ background: PREVIEW_BACKGROUND })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer(),
  ]);
  return { webp, preview };
}

/**
 * Writes the raster copies of every drawing of the client build's /images beside it (issue 28: link
 * previews, structured data and the sitemap's images name raster files), once per build.
 */
export const rasterDrawings = (): Plugin =>
  afterClientBuild('toolshop:raster-drawings', async (outDir) => {
    const images = path.join(outDir, 'images');
    const entries = await readdir(images, { recursive: true });
    await Promise.all(
      entries.map(async (entry) => {
        const rasters = drawingRasters(`/images/${entry.split(path.sep).join('/')}`);
        if (!rasters) return;
        const { webp, preview } = await rastersOf(await readFile(path.join(images, entry)));
        await Promise.all([
          writeFile(path.join(outDir, rasters.webp), webp),
          writeFile(path.join(outDir, rasters.preview), preview),
        ]);
      }),
    );
  });
