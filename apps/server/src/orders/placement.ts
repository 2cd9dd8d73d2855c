import { randomUUID } from 'node:crypto';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { apiMessages } from '@toolshop/shared/messages';
import type { PlaceOrderInput } from '@toolshop/shared/order';
import { CHANGE_CHANNEL } from '../db/change-feed';
import { arrayLiteral } from '../db/arrays';
import { accountBoundRefusal, orderBoundArguments } from '../db/order-bounds';
import { createOrderBatcher, placementFailure } from '../db/order-batches';
import { queryDeadline, type Database } from '../db/client';
import { type OrderRow } from '../db/order-status';
import { rowsOf } from '../db/rows';
import { orders } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import type { StockService } from '../tools/stock';
import type { Viewer } from '../viewer';

/** An order as `place_orders` takes it: named by the id its caller chose, so its answer can be found. */
interface WantedOrder {
  id: string;
  userId: string;
  toolId: string;
  /** What its customer sent (and the session's name and e-mail): read inside the order's own block. */
  details: { email: string; name: string; quantity: number; address: string; phone: string | null };
}

/**
 * A refusal by one of decision 015's rules, which the due holds of the order's tool and account may still
 * be standing in the way of: its caller may expire those and try once more (decision 025).
 */
export class RuleRefusal {
  constructor(readonly error: AppError) {}
}

/** What `place_orders` answered for one order: placed, refused by a rule, or refused for good. */
type Outcome = OrderRow | RuleRefusal | Error;

/** Decision 015's rules on the tool as `place_orders` names them, each as its customer hears it. */
const toolRefusals: Record<string, (detail: string | null) => AppError> = {
  tool_not_found: () => notFound('Tool not found'),
  below_minimum_order: (detail) => {
    // `detail`: the minimum, a space, the tool's name (which may hold spaces itself).
    const [minimum = '', ...name] = (detail ?? '').split(' ');
    return new AppError(
      400,
      'below_minimum_order',
      `The minimum order for ${name.join(' ')} is ${minimum}.`,
      {
        'body.quantity': 'quantity error',
      },
    );
  },
  insufficient_stock: (detail) => new AppError(409, 'insufficient_stock', `Only ${detail} left in stock.`),
};

/** Why `place_orders` refused one order, as its customer hears it. */
function refusalOf(refusal: string, detail: string | null): RuleRefusal | Error {
  // The minute's count is not a hold: expiring due holds cannot change it.
  const bound = accountBoundRefusal(refusal);
  if (bound) {
    // The reserved units are blamed on the order's quantity field.
    const fields = refusal === 'reserved_units_limit' ? { 'body.quantity': bound.message } : undefined;
    const error = new AppError(bound.statusCode, bound.code, bound.message, fields);
    return refusal === 'rate_limited' ? error : new RuleRefusal(error);
  }
  const rule = toolRefusals[refusal];
  if (rule) return new RuleRefusal(rule(detail));
  if (refusal === 'cool_down') {
    const message = apiMessages.largeOrderCoolDown(Number(detail));
    return new AppError(429, 'large_order_cool_down', message, { 'body.quantity': message });
  }
  // 'failed': the order's own values or statements raised.
  const failure = placementFailure(detail, 'place_orders');
  return failure instanceof Error ? failure : new AppError(failure.statusCode, failure.code, failure.message);
}

const isPlaced = (outcome: Outcome | undefined): outcome is OrderRow =>
  outcome !== undefined && !(outcome instanceof Error) && !(outcome instanceof RuleRefusal);

/**
 * Placing orders (decision 032): the database's `place_orders` (migration 0011) checks and locks each
 * account's room, reserves the stock (the tools feature's `take_stock`), inserts the order and announces
 * the change, for a whole batch of orders with one COMMIT, each order in isolation from the others
 * (decision 033); and, for each order it refused, why (decision 042). The service (service.ts) decides
 * when to try again.
 */
/** An order `place_orders` placed, with the one line it wrote and its total (the database's). */
function oneLineOrder(row: typeof orders.$inferSelect, pastHold: boolean, subtotalCents: number): OrderRow {
  const line = {
    toolId: row.toolId,
    toolName: row.toolName,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents!,
    totalCents: subtotalCents,
  };
  return { ...row, pastHold, made: { lines: [line], subtotalCents } };
}

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
      sql`select "placed"."wanted_id", "placed"."refusal", "placed"."detail",
          order_past_hold(("placed"."order").status, ("placed"."order").expires_at) as "past_hold",
          order_total_cents(("placed"."order").quantity, ("placed"."order").unit_price_cents)::text as "subtotal",
          ("placed"."order").*
        from place_orders(
          ids => ${arrayLiteral(wanted.map((order) => order.id))}::uuid[],
          user_ids => ${arrayLiteral(wanted.map((order) => order.userId))}::text[],
          tool_ids => ${arrayLiteral(wanted.map((order) => order.toolId))}::uuid[],
          details => ${arrayLiteral(wanted.map((order) => JSON.stringify(order.details)))}::text[],
          ${orderBoundArguments(holdMinutes)},
          deadline => ${queryDeadline(db)?.toISOString() ?? null}::timestamptz,
          channel => ${CHANGE_CHANNEL},
          announcement => ${payload}
        ) as "placed"`,
    );
    const answers = (
      result as unknown as {
        rows: {
          wanted_id: string;
          refusal: string | null;
          detail: string | null;
          past_hold: boolean;
          subtotal: string | null;
        }[];
      }
    ).rows;
    const rows = rowsOf(orders, result);
    return new Map(
      answers.map((answer, i) => [
        answer.wanted_id,
        answer.refusal === null
          ? oneLineOrder(rows[i]!, answer.past_hold, Number(answer.subtotal))
          : refusalOf(answer.refusal, answer.detail),
      ]),
    );
  }

  /** Orders sent on their own go in batches (db/order-batches.ts); each call commits as it answers. */
  const placeInBatches = createOrderBatcher({
    announce: stock.reservationRun,
    toolsOf: (order: WantedOrder) => [order.toolId],
    place: async (wanted: WantedOrder[], payload: string) => {
      const outcomes = await placeOrders(db, wanted, payload);
      return {
        outcomes: wanted.map((order) => outcomes.get(order.id)),
        placedAny: [...outcomes.values()].some(isPlaced),
      };
    },
  });

  /**
   * Places the order; answers the refusal of a rule that expiring due holds may lift (`RuleRefusal`), and
   * throws any other. Inside an idempotent request's transaction it goes alone (`placeWithin`).
   */
  async function place(
    within: Database,
    viewer: Viewer,
    input: PlaceOrderInput,
    toolId: string,
  ): Promise<OrderRow | RuleRefusal> {
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
    // `place_orders` answers every order it is sent.
    if (outcome === undefined) throw new Error(`place_orders did not answer order ${wanted.id}`);
    return outcome;
  }

  /**
   * One order in the caller's transaction, in a savepoint rolled back unless it was placed: the account's
   * holds row it locked is let go before the due holds are expired, which lock orders first.
   */
  async function placeWithin(within: Database, wanted: WantedOrder): Promise<Outcome | undefined> {
    const { payload, made } = stock.reservationRun([wanted.toolId]);
    let outcome: Outcome | undefined;
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

  return { place };
}
