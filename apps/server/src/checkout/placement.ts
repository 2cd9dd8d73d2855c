import { inArray, sql } from 'drizzle-orm';
import type { PlaceCheckoutInput } from '@toolshop/shared/cart';
import { apiMessages } from '@toolshop/shared/messages';
import type { Order } from '@toolshop/shared/order';
import { centsToDollars, formatPrice } from '@toolshop/shared/money';
import { CHANGE_CHANNEL } from '../db/change-feed';
import { queryDeadline, type Database } from '../db/client';
import { isRefusedStatement } from '../db/errors';
import { createOrderBatcher, placementFailure } from '../db/order-batches';
import { accountBoundRefusal, orderBoundArguments } from '../db/order-bounds';
import { orderRowColumns } from '../db/order-status';
import { orders } from '../db/schema';
import { toOrderDto } from '../orders/order-dto';
import { AppError } from '../plugins/app/errors';
import { keyReused, type Answer, type IdempotencyClaim } from '../plugins/app/idempotency';
import type { StockService } from '../tools/stock';
import { placeCheckoutsArguments } from './place-checkouts-arguments';

/** A checkout waiting for its batch: what `place_checkouts` takes of it, with its key's claim and tools. */
export interface WantedCheckout {
  id: string;
  userId: string;
  /** The lines it names; null: the account's cart's lines. */
  lines: NonNullable<PlaceCheckoutInput['lines']> | null;
  /** The tools it orders, for the batch's announcement. */
  toolIds: string[];
  /** What its customer sent (and the session's name and e-mail): read inside the checkout's own block. */
  details: { email: string; name: string; address: string; phone: string | null };
  claim: IdempotencyClaim | undefined;
}

/** What `place_checkouts` answered for one checkout (migration 0025). */
interface CheckoutAnswer {
  wanted_id: string;
  refusal: string | null;
  refused_tool: string | null;
  refused_name: string | null;
  detail: string | null;
  replayed_status: number | null;
  /** The order a replayed key placed. */
  replayed_order: string | null;
}

/** A checkout's outcome: the answer its request gets, or the error it throws. */
type Outcome = Answer<Order> | Error;

/**
 * Each of `place_checkout`'s refusals as the buyer hears it: a line's refusal names its tool (`name`) and
 * carries the tool's id as the field at fault, `lines.<toolId>`, so that a page can mark the line.
 */
function refusalOf(answer: CheckoutAnswer, name: string): Error {
  const bound = accountBoundRefusal(answer.refusal ?? '');
  if (bound) return new AppError(bound.statusCode, bound.code, bound.message);
  const detail = answer.detail ?? '';
  const line = (status: number, code: string, message: string) =>
    new AppError(status, code, message, { [`lines.${answer.refused_tool}`]: message });
  switch (answer.refusal) {
    case 'empty':
      return new AppError(409, 'cart_empty', 'Your cart is empty.');
    case 'tool_not_found':
      return line(409, 'tool_not_found', `${name} is no longer sold: remove it from your cart.`);
    case 'price_changed':
      return line(
        409,
        'price_changed',
        `The price of ${name} is now ${formatPrice(centsToDollars(Number(detail)))}: check your cart again.`,
      );
    case 'below_minimum_order':
      return line(400, 'below_minimum_order', `The minimum order for ${name} is ${detail.split(' ')[0]}.`);
    case 'insufficient_stock':
      return line(409, 'insufficient_stock', `Only ${detail} of ${name} left in stock.`);
    case 'cool_down':
      return line(429, 'large_order_cool_down', apiMessages.largeOrderCoolDown(Number(detail)));
    default:
      return new Error(`place_checkout refused with an unknown reason: ${answer.refusal}`);
  }
}

/**
 * The answer of an order read back (`ordered`, by id). Orders are never deleted, and a key's order goes
 * with it (migration 0037), so one missing is a fault of the shop's, not an empty 201.
 */
function orderAnswer(ordered: Map<string, Order>, id: string | null, statusCode: number, replayed: boolean) {
  const body = id === null ? undefined : ordered.get(id);
  return body ? { statusCode, body, replayed } : new Error(`place_checkouts answered order ${id}, not found`);
}

/** One checkout's answer: its order or its key's (`ordered`, by id), or why it was refused. */
function outcomeOf(answer: CheckoutAnswer, ordered: Map<string, Order>): Outcome {
  switch (answer.refusal) {
    case null:
      return orderAnswer(ordered, answer.wanted_id, 201, false);
    case 'replayed':
      return orderAnswer(ordered, answer.replayed_order, answer.replayed_status!, true);
    case 'key_reused':
      return keyReused();
    case 'failed': {
      const failure = placementFailure(answer.detail, 'place_checkouts');
      return failure instanceof Error
        ? failure
        : new AppError(failure.statusCode, failure.code, failure.message);
    }
    default:
      return refusalOf(answer, answer.refused_name ?? 'A tool');
  }
}

/**
 * Checkouts placed in batches (decision 060): the database's `place_checkouts` places a batch of them in
 * one statement, each by `place_checkout` (decision 047's rules, all lines or none), claiming their
 * Idempotency-Keys and keeping in each the order it placed, so that a key's answer exists exactly when its
 * order does (decisions 019, 069). The orders placed, and those of replayed keys, are read once that
 * statement has committed, with the tools' rows free for the next batch. A batch is placed
 * first without a block (a subtransaction) per checkout, which costs the hot tools' rows a MultiXact each
 * (migration 0035); if that call raises, it rolls back whole and the batch is placed again with a block
 * each, so that only the checkout at fault fails.
 */
export function createCheckoutPlacement(
  db: Database,
  { stock, holdMinutes }: { stock: StockService; holdMinutes: number },
) {
  /** `place_checkouts` on the batch: one statement, its own transaction, committed before it answers. */
  async function callPlaceCheckouts(batch: WantedCheckout[], payload: string, eachInABlock: boolean) {
    const calls = batch.map((wanted) => ({
      ...wanted,
      key: wanted.claim?.key ?? null,
      requestHash: wanted.claim?.requestHash ?? null,
    }));
    const result = await db.execute(sql`
      select * from place_checkouts(
        ${placeCheckoutsArguments(calls)},
        ${orderBoundArguments(holdMinutes)},
        deadline => ${queryDeadline(db)?.toISOString() ?? null}::timestamptz,
        channel => ${CHANGE_CHANNEL},
        announcement => ${payload},
        each_in_a_block => ${eachInABlock}
      )`);
    return (result as unknown as { rows: CheckoutAnswer[] }).rows;
  }

  async function placeCheckouts(batch: WantedCheckout[], payload: string) {
    let answers: CheckoutAnswer[];
    try {
      answers = await callPlaceCheckouts(batch, payload, false);
    } catch (error) {
      if (!isRefusedStatement(error)) throw error;
      answers = await callPlaceCheckouts(batch, payload, true);
    }
    // Read once the batch has committed, outside its locks: the orders placed and those of replayed keys.
    const orderIds = answers.flatMap((answer) => {
      if (answer.refusal === null) return [answer.wanted_id];
      return answer.refusal === 'replayed' && answer.replayed_order !== null ? [answer.replayed_order] : [];
    });
    const rows = orderIds.length
      ? await db.select(orderRowColumns).from(orders).where(inArray(orders.id, orderIds))
      : [];
    const ordered = new Map(rows.map((row) => [row.id, toOrderDto(row)]));
    const answerOf = new Map(answers.map((answer) => [answer.wanted_id, answer]));
    return {
      outcomes: batch.map((wanted) => outcomeOf(answerOf.get(wanted.id)!, ordered)),
      placedAny: answers.some((answer) => answer.refusal === null),
    };
  }

  return createOrderBatcher({
    announce: stock.reservationRun,
    toolsOf: (wanted: WantedCheckout) => wanted.toolIds,
    place: placeCheckouts,
  });
}
