import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';
import type { Env } from '../env';

const AUTH_SECRET_NAME = 'better-auth';

/** Where versions before decision 038 kept the generated secret: one machine's DATA_DIR. */
const legacySecretFile = (env: Env) => path.join(env.DATA_DIR, 'secrets', 'auth-secret');

async function readLegacySecret(env: Env): Promise<string | undefined> {
  try {
    return (await readFile(legacySecretFile(env), 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET when given, else one generated once and kept in
 * the database, so that every instance on it signs and accepts the same cookies, and sessions survive
 * restarts (decision 038). The first instance to start inserts it; one starting at the same moment finds
 * the unique key taken and reads the winner's. A secret an older version kept in DATA_DIR is the one
 * inserted, so the sessions it signed survive the upgrade.
 */
export async function resolveAuthSecret(env: Env, db: Database): Promise<string> {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const candidate = (await readLegacySecret(env)) ?? randomBytes(32).toString('base64url');
  await db
    .insert(serverSecrets)
    .values({ name: AUTH_SECRET_NAME, value: candidate })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [kept] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, AUTH_SECRET_NAME));
  return kept!.value;
}
