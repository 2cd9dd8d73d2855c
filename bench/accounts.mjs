// The bench's customers and tools: made through the API, as a shop's own users make them.
import { signIn, signUp } from './shop.mjs';

export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_ADDRESS = '10.1.0.1';
export const buyerEmail = (i) => `bench-buyer-${i}@example.com`;
// Each its own valid IPv4 address (10.2.0.0 onwards): an octet over 255 is no address, and Better Auth
// would count every such buyer in one shared bucket.
export const buyerAddress = (i) => `10.${2 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;

/**
 * `work(i)` for every i below `count`, a few at a time: password hashing runs on the shop's thread pool,
 * so accounts are made in parallel rather than one core at a time.
 */
export async function forEachAccount(count, work) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results;
}

/** The admin and `count` buyers; returns every e-mail address, the admin's first. */
export async function signUpEveryone(base, count) {
  await signUp({ base, email: ADMIN_EMAIL, address: ADMIN_ADDRESS });
  await forEachAccount(count, (i) => signUp({ base, email: buyerEmail(i), address: buyerAddress(i) }));
  return [ADMIN_EMAIL, ...Array.from({ length: count }, (_, i) => buyerEmail(i))];
}

/** Session cookies of buyers `from` … `from + count - 1`. */
export const signInBuyers = (base, count, from = 0) =>
  forEachAccount(count, (i) =>
    signIn({ base, email: buyerEmail(from + i), address: buyerAddress(from + i) }),
  );

/** Adds tools as the admin, signed in once (sign-ins are rate-limited); returns their ids. */
export async function addTools(base, tools) {
  const cookie = await signIn({ base, email: ADMIN_EMAIL, address: ADMIN_ADDRESS });
  const ids = [];
  for (const { name, price = 1, stock } of tools) {
    const response = await fetch(`${base}/api/tools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({
        name,
        price,
        img: '/images/tools/precision-screwdriver-set.svg',
        description: 'Stock for a benchmark.',
        minimumOrder: 1,
        availableQuantity: stock,
      }),
    });
    if (response.status !== 201) throw new Error(`add tool: ${response.status} ${await response.text()}`);
    ids.push((await response.json())._id);
  }
  return ids;
}
