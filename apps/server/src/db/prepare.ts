import type { DatabaseHandle } from './client';
import { migrate } from './migrate';
import { restorePlannerCosts } from './planner-costs';
import { seedIfEmpty } from './seed';

/**
 * What the server does to its database before serving: migrate, give the planner its costs back (a
 * restored dump loses them), then seed an empty shop. Answers the functions whose cost stayed as it was
 * (planner-costs.ts).
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seed: boolean } = { seed: true },
): Promise<{ plannerCostsUnchanged: string[] }> {
  return handle.withStartupLock(async (db) => {
    await migrate(db, handle.engine);
    const plannerCostsUnchanged = await restorePlannerCosts(db);
    if (options.seed) await seedIfEmpty(db);
    return { plannerCostsUnchanged };
  });
}
