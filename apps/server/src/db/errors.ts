import { apiMessages } from '@toolshop/shared/messages';

/** Seconds a client is asked to wait (Retry-After) before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE = {
  code: 'database_unavailable',
  message: apiMessages.databaseUnavailable,
} as const;

// Socket-level failures reaching the server (refused, reset, unreachable, name lookup failed).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE: 08xxx connection exceptions; 57P01–57P03 the server shutting down or not yet accepting
// connections (a restart, a failover, pg_terminate_backend); 53300 no connection slot left; 57014 a
// statement cancelled at the pool's statement_timeout (db/client.ts), rolled back: the database is too
// slow to answer right now.
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014)$/;

// node-postgres and pg-pool report a lost, stalled or unobtainable connection by message only.
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether `error` (or what it wraps: Drizzle and Better Auth keep the driver's error as `cause`) says the
 * database cannot be reached right now, as opposed to a query it refused. Such a request may succeed when
 * retried, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (PG_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** `error` and the errors it wraps as `cause`, outermost first, each once. */
export function* errorChain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    yield current;
  }
}

/** The SQLSTATE of the database's refusal that `error` is or wraps, if it is one. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether the database refused a statement of a batch for what the statement held (an SQLSTATE, but not
 * one of `isDatabaseUnavailable`'s: the database away, or the statement cancelled at its deadline, 57014):
 * sent again an item at a time, the batch's other items may pass. Neither a late batch nor an absent
 * database would change.
 */
export const isRefusedStatement = (error: unknown): boolean =>
  sqlStateOf(error) !== undefined && !isDatabaseUnavailable(error);
