import { randomUUID } from 'node:crypto';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import {
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
  LARGE_ORDER_SHARE_PERCENT,
  MAX_ORDERS_PER_MINUTE,
  MAX_RESERVED_UNITS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
} from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import type { PlaceOrderInput } from '@toolshop/shared/order';
import { CHANGE_CHANNEL } from '../db/change-feed';
import { arrayLiteral } from '../db/arrays';
import { queryDeadline, type Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { orderHolds, orders, tools, user } from '../db/schema';
import { createBatcher } from '../lib/batches';
import type { Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { availableQuantity, inCatalogue, type StockService } from '../tools/stock';

type OrderRow = typeof orders.$inferSelect;

/**
 * At most this many orders go in one call of `place_orders`: each runs in a subtransaction of its own, and
 * PostgreSQL keeps up to 64 of a transaction's subtransactions in shared memory before every other backend's
 * snapshots get slower (PGPROC_MAX_CACHED_SUBXIDS).
 */
const BATCH_MAX_ORDERS = 64;

/** An order as `place_orders` takes it: named by the id its caller chose, so its answer can be found. */
interface WantedOrder {
  id: string;
  userId: string;
  toolId: string;
  /** What its customer sent (and the session's name and e-mail): read inside the order's own block. */
  details: { email: string; name: string; quantity: number; address: string; phone: string | null };
}

/** What `place_orders` answered for one order: placed, refused with a reason, or nothing (`whyRefused`). */
type Outcome = OrderRow | Error | undefined;

/** A rule `place_orders` alone knows, or a failure of that order alone, as its customer hears it. */
function refusalOf(refusal: string, detail: string | null): Error {
  if (refusal === 'rate_limited') {
    return new AppError(429, 'too_many_orders', apiMessages.tooManyOrders(MAX_ORDERS_PER_MINUTE));
  }
  if (refusal === 'cool_down') {
    const message = apiMessages.largeOrderCoolDown(Number(detail));
    return new AppError(429, 'large_order_cool_down', message, { 'body.quantity': message });
  }
  // 'failed': the order's own values or statements raised; its SQLSTATE comes first in `detail`.
  const [sqlstate = '', ...rest] = (detail ?? '').split(' ');
  if (sqlstate.startsWith('22')) return new AppError(400, 'invalid_input', apiMessages.orderValueRefused);
  return Object.assign(new Error(`place_orders failed one order: ${rest.join(' ')}`), { code: sqlstate });
}

const isPlaced = (outcome: Outcome): outcome is OrderRow =>
  outcome !== undefined && !(outcome instanceof Error);

/**
 * Placing orders (decision 032): the database's `place_orders` (migration 0011) checks and locks each
 * account's room, reserves the stock (the tools feature's `take_stock`), inserts the order and announces
 * the change, for a whole batch of orders with one COMMIT, each order in isolation from the others
 * (decision 033); and, when a rule refused an order, which rule. The service (service.ts) decides when to
 * try again.
 */
export function createOrderPlacement(
  db: Database,
  { stock, holdMinutes }: { stock: StockService; holdMinutes: number },
) {
  /**
   * One call of `place_orders`: each order's outcome by its id, announced with `payload`. It carries the
   * moment the shop stops waiting for it, so that the database refuses it once nobody will hear its answer.
   */
  async function placeOrders(
    executor: Database,
    wanted: WantedOrder[],
    payload: string,
  ): Promise<Map<string, Outcome>> {
    const result = await executor.execute(
      sql`select "placed"."wanted_id", "placed"."refusal", "placed"."detail", ("placed"."order").*
        from place_orders(
          ids => ${arrayLiteral(wanted.map((order) => order.id))}::uuid[],
          user_ids => ${arrayLiteral(wanted.map((order) => order.userId))}::text[],
          tool_ids => ${arrayLiteral(wanted.map((order) => order.toolId))}::uuid[],
          details => ${arrayLiteral(wanted.map((order) => JSON.stringify(order.details)))}::text[],
          max_unpaid_orders => ${MAX_UNPAID_ORDERS_PER_ACCOUNT},
          max_reserved_units => ${MAX_RESERVED_UNITS_PER_ACCOUNT},
          max_orders_per_minute => ${MAX_ORDERS_PER_MINUTE},
          hold_minutes => ${holdMinutes},
          large_share_percent => ${LARGE_ORDER_SHARE_PERCENT},
          large_hold_minutes => ${LARGE_ORDER_HOLD_MINUTES},
          cool_down_minutes => ${LARGE_ORDER_COOL_DOWN_MINUTES},
          deadline => ${queryDeadline(db)?.toISOString() ?? null}::timestamptz,
          channel => ${CHANGE_CHANNEL},
          announcement => ${payload}
        ) as "placed"`,
    );
    const answers = (
      result as unknown as { rows: { wanted_id: string; refusal: string | null; detail: string | null }[] }
    ).rows;
    const rows = rowsOf(orders, result);
    return new Map(
      answers.map((answer, i) => [
        answer.wanted_id,
        answer.refusal === null ? rows[i] : refusalOf(answer.refusal, answer.detail),
      ]),
    );
  }

  /**
   * Orders sent on their own: one call in flight, and the orders that arrive meanwhile go together in the
   * next. Each call commits as it answers, so a tool's row, the lock every buyer of the tool queues on, is
   * held for no network round trip, and it changes hands once per batch instead of once per order.
   */
  const placeInBatches = createBatcher(
    async (wanted: WantedOrder[]) => {
      const { payload, committed } = stock.reservationRun(wanted.map((order) => order.toolId));
      const outcomes = await placeOrders(db, wanted, payload);
      if ([...outcomes.values()].some(isPlaced)) committed();
      return wanted.map((order) => outcomes.get(order.id));
    },
    { maxSize: BATCH_MAX_ORDERS, inFlight: 1 },
  );

  /**
   * Places the order; nothing when a rule refused it (`whyRefused` tells which); throws the refusal
   * `place_orders` itself gave. Inside an idempotent request's transaction it goes alone (`placeWithin`).
   */
  async function place(
    within: Database,
    viewer: Viewer,
    input: PlaceOrderInput,
    toolId: string,
  ): Promise<OrderRow | undefined> {
    const wanted: WantedOrder = {
      id: randomUUID(),
      userId: viewer.id,
      toolId,
      details: {
        email: viewer.email,
        name: viewer.name,
        quantity: input.quantity,
        address: input.address,
        phone: input.phone || null,
      },
    };
    const outcome = await (within === db ? placeInBatches(wanted) : placeWithin(within, wanted));
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  /**
   * One order in the caller's transaction, in a savepoint rolled back unless it was placed: the account's
   * holds row it locked is let go before the due holds are expired, which lock orders first.
   */
  async function placeWithin(within: Database, wanted: WantedOrder): Promise<Outcome> {
    const { payload, made } = stock.reservationRun([wanted.toolId]);
    let outcome: Outcome;
    await within
      .transaction(async (savepoint) => {
        outcome = (await placeOrders(savepoint, [wanted], payload)).get(wanted.id);
        if (!isPlaced(outcome)) savepoint.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    if (isPlaced(outcome)) made();
    return outcome;
  }

  /**
   * Why an order was refused, read after the fact: the first rule it breaks now, in the order a customer
   * should hear them. Undefined when none does any more (another request freed the room or the stock
   * meanwhile), and the order may simply be tried again.
   */
  async function whyRefused(
    executor: Database,
    viewer: Viewer,
    toolId: string,
    quantity: number,
  ): Promise<AppError | undefined> {
    const [[account], [tool]] = await Promise.all([
      executor
        .select({
          emailVerified: user.emailVerified,
          unpaidOrders: orderHolds.unpaidOrders,
          reservedUnits: orderHolds.reservedUnits,
        })
        .from(user)
        .leftJoin(orderHolds, eq(orderHolds.userId, user.id))
        .where(eq(user.id, viewer.id)),
      executor
        .select({ name: tools.name, minimumOrder: tools.minimumOrder, available: availableQuantity })
        .from(tools)
        .where(and(eq(tools.id, toolId), inCatalogue)),
    ]);
    if (!account?.emailVerified) return new AppError(403, 'email_not_verified', apiMessages.emailNotVerified);
    // Every account has its row from the moment it exists (a trigger on users): not a customer's error.
    if (account.unpaidOrders === null || account.reservedUnits === null) {
      throw new Error(`order_holds has no row for account ${viewer.id}`);
    }
    if (account.unpaidOrders >= MAX_UNPAID_ORDERS_PER_ACCOUNT) {
      return new AppError(
        429,
        'too_many_unpaid_orders',
        apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
      );
    }
    if (account.reservedUnits + quantity > MAX_RESERVED_UNITS_PER_ACCOUNT) {
      const message = apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT);
      return new AppError(409, 'reserved_units_limit', message, { 'body.quantity': message });
    }
    if (!tool) return notFound('Tool not found');
    if (quantity < tool.minimumOrder) {
      return new AppError(
        400,
        'below_minimum_order',
        `The minimum order for ${tool.name} is ${tool.minimumOrder}.`,
        { 'body.quantity': 'quantity error' },
      );
    }
    if (tool.available < quantity) {
      return new AppError(409, 'insufficient_stock', `Only ${tool.available} left in stock.`);
    }
    return undefined;
  }

  return { place, whyRefused };
}
