import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { reactRouter } from '@react-router/dev/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { afterClientBuild } from './scripts/after-client-build.ts';
import { rasterDrawings } from './scripts/raster-drawings.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats only: images and fonts are compressed already. Below 1 kB the headers outweigh the gain
// (the server's own threshold for API answers is the same).
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.includes(`${path.sep}.`))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes a .br and a .gz beside every compressible file of the build, once, at maximum compression, so the
 * server sends them as they are instead of compressing per request (decision 017).
 */
const precompress = (): Plugin =>
  afterClientBuild('toolshop:precompress', async (outDir) => {
    const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(
      files.map(async (file) => {
        const content = await readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }),
    );
  });

export default defineConfig({
  // Vitest renders components on their own, without React Router's framework plugin (it needs a whole app).
  plugins: [process.env.VITEST ? react() : reactRouter(), tailwindcss(), precompress(), rasterDrawings()],
  build: {
    // Production serves no source maps (the dev server still makes its own).
    sourcemap: false,
  },
});
