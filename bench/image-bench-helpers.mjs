// What the image stall benchmarks share: a signed-in, confirmed account, an image upload as a browser sends
// it, and the probe with nothing else going on.
import { percentile, timedGet } from './probe.mjs';
import { confirmFromOutbox, signIn, signUp } from './shop.mjs';

/** Signs `email` up from its own client `address`, confirms it from the outbox, answers its cookie. */
export async function confirmedAccount({ base, dataDir, email, address }) {
  const account = { base, email, address };
  await signUp(account);
  await confirmFromOutbox({ ...account, dataDir });
  return signIn(account);
}

/**
 * The multipart/form-data body of `bytes` in the field `image`, made once: a bench that sends it again and
 * again then spends its own time on the probe, not on encoding forms.
 */
export async function imageForm({ bytes, type = 'image/png', name = 'image.png' }) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  const request = new Request('http://bench.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') };
}

/** POST /api/uploads of a form made by imageForm; answers the status and the parsed body. */
export async function uploadImage({ base, cookie, form }) {
  const response = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': form.contentType },
    body: form.body,
  });
  return { status: response.status, body: await response.json() };
}

/** Prints the probe's figures with nothing else going on: how loaded the machine itself is. */
export async function reportIdleProbes(base, probes = 200) {
  const idle = [];
  for (let i = 0; i < probes; i += 1) idle.push(await timedGet(`${base}/robots.txt`));
  console.log(
    `/robots.txt idle: median ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms`,
  );
}
