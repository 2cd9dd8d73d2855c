import type pg from 'pg';

/** A query's text, whether pg was given a string or a query's config. */
const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');

const guarded = new WeakSet<pg.PoolClient>();

/**
 * Makes `pool` give back a connection whose transaction could not begin. Drizzle's `transaction()` (0.45)
 * sends BEGIN before the try/finally that releases its connection (drizzle-orm#6241, open): each BEGIN
 * that fails (a connection dropped while it sat idle, a stalled network's timeout) would keep one of the
 * pool's connections for good, and after a database outage the shop could not reach the database again.
 * Such a connection is released as broken, so the pool closes it; a release that follows (from code that
 * does release, or from a fixed Drizzle) does nothing.
 */
export function releaseConnectionsWhoseBeginFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | void;
  // Drizzle checks out with the promise form; pg's own pool.query uses the callback form, sends no BEGIN.
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : (connect() as Promise<pg.PoolClient>).then(guard)) as typeof pool.connect;
}

function guard(client: pg.PoolClient): pg.PoolClient {
  // pg-pool gives each checkout a release that throws when called twice.
  const release = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  if (!guarded.has(client)) {
    guarded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const answer = query(...args);
      if (answer instanceof Promise && /^\s*begin\b/i.test(textOf(args[0]))) {
        answer.catch((error: Error) => client.release(error));
      }
      return answer;
    }) as typeof client.query;
  }
  return client;
}
