// Benchmark: can one account's crafted uploads stall the shop or lock others out of uploading? (decision
// 036). Run with `node bench/stall-uploads.mjs` (built shop, PGlite, fresh DATA_DIR).
//
// One account sends five crafted uploads at once: a 6,300 × 6,300 PNG, 16 bits per channel with alpha and
// Adam7-interlaced, which compresses to under 500 kB yet must be decoded whole (320 MB of pixels: an
// interlaced PNG cannot be decoded row by row, and PNG has no shrink-on-load; about 4 s of a core here,
// 10 s and a timeout on a loaded machine). A second later, another account uploads an ordinary photo,
// timed, and /robots.txt is probed throughout. (Waves of them for ten seconds measure a flood of requests
// queueing on PGlite instead, whatever they carry: not this bench's question.) Bound: the other account's upload
// is stored (201) and the probes' p99 stays ≤ 100 ms; exit code 1 otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { confirmedAccount, imageForm, reportIdleProbes, uploadImage } from './image-bench-helpers.mjs';
import { probeDuring, reportBound } from './probe.mjs';
import { startShop } from './shop.mjs';

const PORT = 4331;
const CRAFTED_UPLOADS = 5;
const BOUND_MS = 100;

const crafted = await sharp({
  create: { width: 6300, height: 6300, channels: 4, background: { r: 200, g: 10, b: 30, alpha: 0.5 } },
})
  .toColourspace('rgb16')
  .png({ progressive: true, compressionLevel: 9 })
  .toBuffer();
const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#ea580c' } })
  .jpeg()
  .toBuffer();

const dataDir = mkdtempSync(path.join(tmpdir(), 'toolshop-stall-uploads-'));
const shop = await startShop({ port: PORT, dataDir });
try {
  const { base } = shop;
  const attacker = await confirmedAccount({
    base,
    dataDir,
    email: 'crafty@example.com',
    address: '10.0.0.1',
  });
  const victim = await confirmedAccount({ base, dataDir, email: 'victim@example.com', address: '10.0.0.2' });

  const craftedForm = await imageForm({ bytes: crafted });
  const photoForm = await imageForm({ bytes: photo, type: 'image/jpeg', name: 'photo.jpg' });
  await reportIdleProbes(base);

  let victimUpload;
  const attackStatuses = new Map();
  const times = await probeDuring(base, async () => {
    const attack = Promise.all(
      Array.from({ length: CRAFTED_UPLOADS }, () =>
        uploadImage({ base, cookie: attacker, form: craftedForm }).then(({ status }) => status),
      ),
    );
    // The crafted uploads are on their way (and in the line) before the other account's arrives.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const start = performance.now();
    const answer = await uploadImage({ base, cookie: victim, form: photoForm });
    victimUpload = { ...answer, ms: performance.now() - start };
    for (const status of await attack) attackStatuses.set(status, (attackStatuses.get(status) ?? 0) + 1);
  });

  console.log(
    `crafted uploads (${(crafted.length / 1024).toFixed(0)} kB each) answered ` +
      `${[...attackStatuses].map(([status, times]) => `${status} × ${times}`).join(', ')}; ` +
      `the other account's upload answered ${victimUpload.status} ` +
      `in ${victimUpload.ms.toFixed(0)} ms`,
  );
  if (victimUpload.status !== 201) {
    console.log(`the other account's upload was refused: ${JSON.stringify(victimUpload.body)}`);
    process.exitCode = 1;
  }
  reportBound('/robots.txt during the crafted uploads', times, BOUND_MS);
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
