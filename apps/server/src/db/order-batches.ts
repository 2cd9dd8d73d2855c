import { apiMessages } from '@toolshop/shared/messages';
import { createBatcher } from '../lib/batches';
import type { BoundRefusal } from './order-bounds';

/**
 * At most this many orders go in one call of `place_orders` or `place_checkouts`: each may run in a
 * subtransaction of its own (always in `place_orders`, after a failed first call in `place_checkouts`), and
 * PostgreSQL keeps up to 64 of a transaction's subtransactions in shared memory before every other
 * backend's snapshots get slower (PGPROC_MAX_CACHED_SUBXIDS).
 */
const BATCH_MAX_ORDERS = 64;

/** What a batch of placements announces: its payload goes with the call, `committed` once it has committed. */
type Announce = (toolIds: readonly string[]) => { payload: string; committed: () => void };

/**
 * Placements sent on their own, in batches (decisions 032, 060): one call in flight, and the placements
 * that arrive meanwhile go together in the next. Each call commits as it answers, so a tool's row, the lock
 * every buyer of the tool queues on, changes hands once per batch instead of once per order. `place` runs
 * one batch, sending `payload` (the announcement of every tool the batch names, `toolsOf`), and answers
 * each placement's outcome in turn and whether it placed any.
 */
export function createOrderBatcher<Wanted, Outcome>({
  announce,
  toolsOf,
  place,
}: {
  announce: Announce;
  toolsOf: (wanted: Wanted) => readonly string[];
  place: (batch: Wanted[], payload: string) => Promise<{ outcomes: Outcome[]; placedAny: boolean }>;
}): (wanted: Wanted) => Promise<Outcome> {
  return createBatcher(
    async (batch: Wanted[]) => {
      const { payload, committed } = announce(batch.flatMap(toolsOf));
      const { outcomes, placedAny } = await place(batch, payload);
      if (placedAny) committed();
      return outcomes;
    },
    { maxSize: BATCH_MAX_ORDERS, inFlight: 1 },
  );
}

/**
 * A placement the batch function answered 'failed' (`detail`: SQLSTATE, a space, the message): the
 * database refused one of the customer's values (SQLSTATE class 22), told as data for the caller to make
 * its error, or anything else, an error to throw with its SQLSTATE as `code`.
 */
export function placementFailure(detail: string | null, fn: string): BoundRefusal | Error {
  const [sqlstate = '', ...rest] = (detail ?? '').split(' ');
  if (sqlstate.startsWith('22')) {
    return { statusCode: 400, code: 'invalid_input', message: apiMessages.orderValueRefused };
  }
  return Object.assign(new Error(`${fn} failed one order: ${rest.join(' ')}`), { code: sqlstate });
}
