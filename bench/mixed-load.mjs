// A shop's ordinary day, compressed: anonymous readers of the storefront, the API and images, and a few
// signed-in customers who sign in, order, pay and review. Used by bench/memory.mjs.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PASSWORD, sessionCookie, signIn } from './shop.mjs';

const SEARCHES = ['screwdriver', 'multimeter', 'solder', 'tweezers', 'spudger', 'heat'];
const IMAGE_WIDTHS = ['', '?w=320', '?w=480', '?w=960'];
const DEMO_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
// Readers come from a few dozen addresses, as a small shop's visitors do: per-address limits apply to
// each as they would in production.
const READER_ADDRESSES = 48;

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const readerAddress = () => `10.9.0.${1 + Math.floor(Math.random() * READER_ADDRESSES)}`;

/**
 * What the load needs that the demo catalogue lacks: a tool with stock for every order of the run (so
 * orders keep being placed rather than refused), and `imageCount` uploaded photos to read back.
 */
export async function prepareCatalogue({ base, admin, imageCount }) {
  const cookie = await signIn(admin);
  const headers = { origin: base, cookie };
  const response = await fetch(`${base}/api/tools`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench memory kit',
      price: 1,
      img: '/images/tools/precision-screwdriver-set.svg',
      description: 'Stock for the memory benchmark.',
      minimumOrder: 1,
      availableQuantity: 1_000_000,
    }),
  });
  if (response.status !== 201) throw new Error(`add tool: ${response.status} ${await response.text()}`);
  const toolId = (await response.json())._id;

  const images = [];
  for (let i = 0; i < imageCount; i++) {
    // Noise does not compress: every photo is large for its size. 800 × 800 rather than the largest the
    // shop takes, so that encoding finishes within the shop's time limit on a busy machine too.
    const side = 800;
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), `photo-${i}.png`);
    const upload = await fetch(`${base}/api/uploads`, { method: 'POST', headers, body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    images.push((await upload.json()).data.url);
  }
  const tools = await (await fetch(`${base}/api/tools`)).json();
  return { toolId, toolIds: tools.map((tool) => tool._id), images };
}

/** One request of the mix; answers its HTTP status (0 for a network error). */
function makeActions({ base, catalogue, customers }) {
  const get = (path, headers = {}) =>
    fetch(`${base}${path}`, { headers: { 'x-forwarded-for': readerAddress(), ...headers } });
  const post = (path, customer, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base,
        cookie: customer.cookie,
        'x-forwarded-for': customer.address,
      },
      body: JSON.stringify(body),
    });

  const order = async () => {
    const customer = pick(customers);
    const placed = await post('/api/order', customer, {
      toolId: catalogue.toolId,
      quantity: 1,
      address: '1 Bench Street',
    });
    if (placed.status !== 201) return placed;
    const { _id } = await placed.json();
    return post(`/api/payment/${_id}/demo`, customer, DEMO_CARD);
  };
  const review = () =>
    post('/api/review', pick(customers), { ratings: 5, description: 'Sturdy and well made.' });
  // A 429 (the sign-in limit) is an answer like any other: the customer keeps the session it has.
  const reSignIn = async () => {
    const customer = pick(customers);
    const response = await post('/api/auth/sign-in/email', customer, {
      email: customer.email,
      password: PASSWORD,
    });
    if (response.ok) customer.cookie = sessionCookie(response);
    return response;
  };

  // Weights: reads dominate, as in any shop; every write a customer can make is in the mix.
  return [
    [6, () => get('/')],
    [4, () => get('/tools')],
    [2, () => get(`/tools?q=${pick(SEARCHES)}`)],
    [5, () => get(`/tools/${pick(catalogue.toolIds)}`)],
    [5, () => get('/api/tools')],
    [2, () => get('/api/review')],
    [2, () => get('/', { cookie: pick(customers).cookie })],
    [6, () => get(`${pick(catalogue.images)}${pick(IMAGE_WIDTHS)}`)],
    [2, () => get('/images/tools/digital-multimeter.svg')],
    [1, reSignIn],
    [3, order],
    [1, review],
  ];
}

/**
 * Runs the mix on `connections` parallel clients for `seconds`; answers how many requests went out and
 * which answered 5xx or failed, by kind (the rest, 429s included, are the shop working as meant).
 */
export async function runMixedLoad({ base, catalogue, customers, connections, seconds }) {
  const actions = makeActions({ base, catalogue, customers });
  const weighted = actions.flatMap(([weight, action]) => Array(weight).fill(action));
  const deadline = Date.now() + seconds * 1000;
  const tally = { requests: 0, failed: new Map() };
  const fail = (kind) => tally.failed.set(kind, (tally.failed.get(kind) ?? 0) + 1);
  const client = async () => {
    while (Date.now() < deadline) {
      tally.requests++;
      try {
        const response = await pick(weighted)();
        if (response.status >= 500) fail(response.status);
        // Read every body to its end: the shop's work (and memory) includes sending it.
        if (response.body) await response.arrayBuffer();
      } catch (error) {
        fail(error.cause?.code ?? error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const failures = [...tally.failed].map(([kind, count]) => `${kind} ×${count}`).join(', ');
  return { requests: tally.requests, failures: failures || 'none' };
}
