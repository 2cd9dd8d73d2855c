import * as betterAuthPasswords from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { scryptPasswords } from './password-hashing';

const { hash: hashPassword, verify: verifyPassword } = scryptPasswords();

const password = 'a long passphrase, ünïcode too';

describe('password hashing', () => {
  it('verifies a hash Better Auth wrote, so accounts made before the switch still sign in', async () => {
    const hash = await betterAuthPasswords.hashPassword(password);
    expect(await verifyPassword({ hash, password })).toBe(true);
    expect(await verifyPassword({ hash, password: `${password}!` })).toBe(false);
  });

  it('writes hashes Better Auth verifies, in its salt:key format', async () => {
    const hash = await hashPassword(password);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthPasswords.verifyPassword({ hash, password })).toBe(true);
  });

  it('salts every hash afresh', async () => {
    expect(await hashPassword(password)).not.toBe(await hashPassword(password));
  });

  it('writes hashes at a cheaper cost that only that cost verifies, as the API tests use', async () => {
    const cheap = scryptPasswords({ N: 16, r: 1 });
    const hash = await cheap.hash(password);
    expect(await cheap.verify({ hash, password })).toBe(true);
    expect(await verifyPassword({ hash, password })).toBe(false);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword({ hash: 'not-a-hash', password })).toBe(false);
    expect(await verifyPassword({ hash: 'abcd:12', password })).toBe(false);
  });
});
