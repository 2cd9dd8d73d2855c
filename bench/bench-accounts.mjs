// A signed-in, confirmed account for a stall benchmark, and an image upload as a browser sends it.
import { confirmFromOutbox, signIn, signUp } from './shop.mjs';

/** Signs `email` up from its own client `address`, confirms it from the outbox, answers its cookie. */
export async function confirmedAccount({ base, dataDir, email, address }) {
  const account = { base, email, address };
  await signUp(account);
  await confirmFromOutbox({ ...account, dataDir });
  return signIn(account);
}

/** POST /api/uploads of `bytes` as the multipart field `image`; answers the status and the parsed body. */
export async function uploadImage({ base, cookie, bytes, type = 'image/png', name = 'image.png' }) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  const response = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}
