// Benchmark: do image inserts and cold reads hold up other requests on PGlite? (decision
// 036). Run with `node bench/stall-image-reads.mjs` (built shop, PGlite, fresh DATA_DIR).
//
// One account uploads ten 1,200 × 1,200 images of noise (the largest the shop stores, about 700 kB each),
// one after the other, while /robots.txt is probed; then every one of them is read cold (no process has
// read it yet), whole and at each srcset width, all at once, while /robots.txt is probed again. Bound:
// the probes' p99 ≤ 100 ms in both phases; exit code 1 otherwise.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { confirmedAccount, imageForm, reportIdleProbes, uploadImage } from './image-bench-helpers.mjs';
import { probeDuring, reportBound, timedGet } from './probe.mjs';
import { startShop } from './shop.mjs';

const PORT = 4332;
const IMAGES = 10;
const SIDE = 1200;
const BOUND_MS = 100;
// IMAGE_WIDTHS of packages/shared/src/image-sizes.ts (TypeScript, which this plain script cannot import).
const IMAGE_WIDTHS = [320, 480, 960];

const noise = () =>
  sharp(randomBytes(SIDE * SIDE * 3), { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
const forms = await Promise.all(
  Array.from({ length: IMAGES }, async () => imageForm({ bytes: await noise() })),
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-stall-image-reads-'));
const shop = await startShop({ port: PORT, dataDir });
try {
  const { base } = shop;
  const cookie = await confirmedAccount({ base, dataDir, email: 'photos@example.com', address: '10.0.0.3' });

  await reportIdleProbes(base);
  const urls = [];
  const inserting = await probeDuring(base, async () => {
    for (const form of forms) {
      const { status, body } = await uploadImage({ base, cookie, form });
      if (status !== 201) throw new Error(`upload: ${status} ${JSON.stringify(body)}`);
      urls.push(body.data.url);
    }
  });

  const reads = urls.flatMap((url) => [url, ...IMAGE_WIDTHS.map((width) => `${url}?w=${width}`)]);
  const readTimes = [];
  const reading = await probeDuring(base, () =>
    Promise.all(reads.map(async (url) => readTimes.push(await timedGet(`${base}${url}`)))),
  );

  console.log(
    `${IMAGES} uploads of ${SIDE} × ${SIDE} noise, then ${reads.length} cold reads at once ` +
      `(slowest ${Math.max(...readTimes).toFixed(0)} ms)`,
  );
  reportBound('/robots.txt during the uploads', inserting, BOUND_MS);
  reportBound('/robots.txt during the cold reads', reading, BOUND_MS);
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
