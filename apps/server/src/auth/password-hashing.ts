import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Better Auth's own password format and cost (scrypt, N 16384, r 16, p 1, 64-byte key, stored as
 * `salt:key` in hex, the salt used as its hex text), computed by Node's native scrypt on libuv's thread
 * pool instead of Better Auth's pure-JavaScript one on the event loop (decision 029): half the CPU, and
 * a sign-in no longer holds up every other request while it hashes. Hashes written by either verify
 * with the other.
 */
const KEY_LENGTH = 64;
const N = 16384;
const r = 16;
// scrypt needs 128 · N · r bytes (32 MiB), right at Node's default limit: doubled, as Better Auth does.
const COST: ScryptOptions = { N, r, p: 1, maxmem: 128 * N * r * 2 };

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await deriveKey(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const [salt, storedKey] = hash.split(':');
  if (!salt || !storedKey) return false;
  const expected = Buffer.from(storedKey, 'hex');
  const key = await deriveKey(password, salt);
  return expected.length === key.length && timingSafeEqual(expected, key);
}
