import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';

/**
 * The key that signs session cookies: BETTER_AUTH_SECRET when given, else one generated on first start and
 * kept in DATA_DIR so that sessions survive restarts. Several servers on different machines must share
 * one BETTER_AUTH_SECRET.
 */
export async function resolveAuthSecret(env: Env): Promise<string> {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = path.join(env.DATA_DIR, 'secrets', 'auth-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // 'wx': if another process created it meanwhile, keep theirs.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
