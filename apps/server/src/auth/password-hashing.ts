import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** How the shop turns a password into what it stores, and checks one against it. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

const KEY_LENGTH = 64;

/** scrypt's work factors: N (CPU and memory) and r (block size); p is 1. */
export interface ScryptCost {
  N: number;
  r: number;
}

/** Better Auth's own cost: about 0.15 s of one core per hash on CI's machines. */
export const BETTER_AUTH_COST: ScryptCost = { N: 16384, r: 16 };

/**
 * Better Auth's password format (scrypt, 64-byte key, stored as `salt:key` in hex, the salt used as its hex
 * text), computed by Node's native scrypt on libuv's thread pool instead of Better Auth's pure-JavaScript
 * one on the event loop (decision 029): half the CPU, and a sign-in no longer holds up every other request
 * while it hashes. At Better Auth's cost, hashes written by either verify with the other.
 *
 * The stored text does not record the cost, so one database takes one cost: the shop always uses Better
 * Auth's; only the API tests choose a cheap one, for the two thousand sign-ins they make (decision 064).
 */
export function scryptPasswords({ N, r }: ScryptCost = BETTER_AUTH_COST): PasswordHashing {
  // scrypt needs 128 · N · r bytes (32 MiB at Better Auth's cost), right at Node's default limit: doubled,
  // as Better Auth does.
  const options: ScryptOptions = { N, r, p: 1, maxmem: 128 * N * r * 2 };
  const deriveKey = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
        error ? reject(error) : resolve(key),
      );
    });

  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      const key = await deriveKey(password, salt);
      return `${salt}:${key.toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, storedKey] = hash.split(':');
      if (!salt || !storedKey) return false;
      const expected = Buffer.from(storedKey, 'hex');
      const key = await deriveKey(password, salt);
      return expected.length === key.length && timingSafeEqual(expected, key);
    },
  };
}
