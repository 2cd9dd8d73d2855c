import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimit } from '../db/schema';
import { AppError } from '../plugins/app/errors';

/** How many new visitor carts one address may start per window: an office behind one NAT stays clear. */
export const NEW_VISITOR_CARTS_PER_WINDOW = 20;
const WINDOW_SECONDS = 10 * 60;

/**
 * Counts a new visitor cart against its client address, or refuses it with 429 (decision 048). Counted
 * in the database's `rate_limits`, as Better Auth counts its calls per address, so that every server
 * process sees the same counts; the key's prefix keeps it apart from Better Auth's (address + path).
 * One statement: the window restarts once it has passed, by the database's clock.
 */
export async function countNewVisitorCart(db: Database, ip: string): Promise<void> {
  const now = sql`(extract(epoch from now()) * 1000)::bigint`;
  const windowOver = sql`${rateLimit.lastRequest} <= ${now} - ${WINDOW_SECONDS * 1000}`;
  const [counted] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key: `visitor-cart:${ip}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${windowOver} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  if (counted!.count > NEW_VISITOR_CARTS_PER_WINDOW) {
    throw new AppError(429, 'too_many_carts', 'Too many new carts from your address: try again later.');
  }
}
