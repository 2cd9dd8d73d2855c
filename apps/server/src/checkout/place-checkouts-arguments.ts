import { sql, type SQL } from 'drizzle-orm';
import { typedArray } from '../db/arrays';

/** A checkout as `place_checkouts` takes it (migration 0025), named by the order id its caller chose. */
export interface CheckoutArguments {
  id: string;
  userId: string;
  /** The lines it names; null: the account's cart's lines. */
  lines: readonly { toolId: string; quantity: number; seenPriceCents: number }[] | null;
  /** What its customer sent: email, name, address, phone. */
  details: object;
  /** Its Idempotency-Key and the hash of its request (null: none). */
  key: string | null;
  requestHash: string | null;
}

/**
 * The batch as `place_checkouts`' first ten arguments, by name: one array per column, a checkout's lines
 * in the `line_` arrays, each naming its checkout by position (from 1). The bounds, deadline and
 * announcement follow them in the caller's call.
 */
export function placeCheckoutsArguments(batch: readonly CheckoutArguments[]): SQL {
  const given = batch.flatMap((wanted, i) =>
    (wanted.lines ?? []).map((line) => ({ ...line, checkout: i + 1 })),
  );
  const columns: [name: string, values: (string | number | boolean | null)[], type: string][] = [
    ['ids', batch.map((wanted) => wanted.id), 'uuid'],
    ['buyers', batch.map((wanted) => wanted.userId), 'text'],
    ['from_cart', batch.map((wanted) => wanted.lines === null), 'boolean'],
    ['line_checkouts', given.map((line) => line.checkout), 'integer'],
    ['line_tools', given.map((line) => line.toolId), 'uuid'],
    ['line_quantities', given.map((line) => line.quantity), 'integer'],
    ['line_prices', given.map((line) => line.seenPriceCents), 'integer'],
    ['details', batch.map((wanted) => JSON.stringify(wanted.details)), 'text'],
    ['keys', batch.map((wanted) => wanted.key), 'text'],
    ['request_hashes', batch.map((wanted) => wanted.requestHash), 'text'],
  ];
  return sql.join(
    columns.map(([name, values, type]) => sql`${sql.raw(name)} => ${typedArray(values, type)}`),
    sql`, `,
  );
}
