import type { DatabaseHandle } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from './seed';

/** What the server does to its database before serving: migrate, then seed an empty shop. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seed: boolean } = { seed: true },
): Promise<void> {
  await handle.withStartupLock(async (db) => {
    await migrate(db, handle.engine);
    if (options.seed) await seedIfEmpty(db);
  });
}
