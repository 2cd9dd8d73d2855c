import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_CART_LINES,
  VISITOR_CART_DAYS,
  type AddCartLineInput,
  type Cart,
  type CartLine,
  type UpdateCartLineInput,
} from '@toolshop/shared/cart';
import { messages } from '@toolshop/shared/messages';
import { orderTotalCents } from '@toolshop/shared/money';
import { typedArray } from '../db/arrays';
import type { Database } from '../db/client';
import { isRefusedStatement } from '../db/errors';
import { carts } from '../db/schema';
import { createBatcher } from '../lib/batches';
import { AppError, notFound } from '../plugins/app/errors';
import { countNewVisitorCart } from './new-cart-limit';

/**
 * Whose cart: a signed-in account's, or a visitor's, known by the SHA-256 of the token in their cookie
 * (decision 046).
 */
export type CartOwner = { userId: string } | { tokenHash: string };

/** A new visitor's token: 256 random bits, kept raw only in the visitor's httpOnly cookie. */
export const newVisitorToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a visitor's token. */
export const hashVisitorToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A line's tool that the cart does not hold. */
export const NOT_IN_CART = 'This tool is not in the cart.';

const quantityRefused = () =>
  new AppError(400, 'invalid_quantity', messages.quantityError, { 'body.quantity': messages.quantityError });
const notEnoughStock = (available: number) =>
  new AppError(409, 'insufficient_stock', `Only ${available} left in stock.`, {
    'body.quantity': messages.quantityError,
  });
const cartFull = () =>
  new AppError(409, 'cart_full', `A cart holds at most ${MAX_CART_LINES} tools.`, {
    'body.toolId': `A cart holds at most ${MAX_CART_LINES} tools.`,
  });

/**
 * A row of migration 0032's `cart_answer`, as every cart function answers: a line (none when `toolId` is
 * null) and the cart's amounts, or a change's refusal (`outcome`, with what is `available`).
 */
type CartAnswerRow = Omit<CartLine, 'toolId' | 'lineTotalCents' | 'priceChanged' | 'shortOfStock'> & {
  outcome: 'not_found' | 'not_in_cart' | 'insufficient_stock' | 'invalid_quantity' | 'cart_full' | null;
  available: number | null;
  toolId: string | null;
  subtotal: string;
  shipping: number;
  total: string;
};

/** The order of a cart's rows as the cart functions answer them: its lines as they were added. */
const inAddedOrder = sql`order by "addedAt", "toolId"`;

/** A row of `cart_add_lines`: a `cart_answer` row of the batch's `call`th add (from 1). */
type CallAnswerRow = CartAnswerRow & { call: number };

/** An add waiting for its batch. */
interface PendingAdd {
  owner: CartOwner;
  input: AddCartLineInput;
}

/** At most this many adds go in one call of `cart_add_lines`, which holds their carts until it commits. */
const ADD_BATCH_MAX = 64;
/**
 * Batches of adds in flight at once on each instance: two, so that a batch waiting for a cart a checkout
 * holds does not keep every other add of the instance behind it; more made smaller batches, and 8 read
 * about a sixth fewer adds a second (decision 070).
 */
const ADD_BATCHES_IN_FLIGHT = 2;

const buyerOf = (owner: CartOwner): string | null => ('userId' in owner ? owner.userId : null);
const visitorOf = (owner: CartOwner): string | null => ('tokenHash' in owner ? owner.tokenHash : null);

/**
 * The cart a cart function answered (its rows in the order the lines were added), or the error of the
 * refusal it answered instead.
 */
function cartFrom(result: unknown): Cart {
  return cartOfRows((result as { rows: [CartAnswerRow, ...CartAnswerRow[]] }).rows);
}

/** The cart one call's rows tell, or the error of the refusal they tell instead. */
function cartOfRows(rows: [CartAnswerRow, ...CartAnswerRow[]]): Cart {
  const [{ outcome, available, subtotal, shipping, total }] = rows;
  if (outcome === 'not_found') throw notFound('Tool not found');
  if (outcome === 'not_in_cart') throw notFound(NOT_IN_CART);
  if (outcome === 'insufficient_stock') throw notEnoughStock(available!);
  if (outcome === 'invalid_quantity') throw quantityRefused();
  if (outcome === 'cart_full') throw cartFull();
  const lines = rows.flatMap(({ toolId, quantity, unitPriceCents, seenPriceCents, ...row }) => {
    if (toolId === null) return [];
    const availableQuantity = Number(row.availableQuantity);
    return [
      {
        toolId,
        name: row.name,
        img: row.img,
        quantity,
        unitPriceCents,
        seenPriceCents,
        minimumOrder: row.minimumOrder,
        availableQuantity,
        lineTotalCents: orderTotalCents(quantity, unitPriceCents),
        gone: row.gone,
        priceChanged: unitPriceCents !== seenPriceCents,
        shortOfStock: quantity > availableQuantity,
      },
    ];
  });
  return {
    lines,
    lineCount: lines.length,
    subtotalCents: Number(subtotal),
    shippingCents: lines.length === 0 ? 0 : shipping,
    totalCents: lines.length === 0 ? 0 : Number(total),
    readyForCheckout:
      lines.length > 0 && lines.every((line) => !line.gone && !line.priceChanged && !line.shortOfStock),
  };
}

/**
 * Carts (decision 046): kept in the database for accounts and visitors alike, reserving nothing. Every
 * change locks the cart's row first (`cart_locked`, which marks it used, to the minute), the order
 * `place_checkout` locks in, so changes of one cart and its checkout queue instead of interleaving.
 */
export function createCartService(db: Database) {
  /**
   * Adds in batches (decision 070): the adds that arrive together go to the database as one call of
   * `cart_add_lines`, one statement and one commit. Each add's answer is its cart, or its refusal as an
   * error. A batch whose call raised (no add of it was written) is sent again an add at a time, so that
   * only the add at fault fails; not when the database is away or the call ran out of time.
   */
  async function callCartAddLines(adds: PendingAdd[]): Promise<(Cart | Error)[]> {
    const owners = adds.map((add) => add.owner);
    const toolIds = adds.map((add) => add.input.toolId);
    const quantities = adds.map((add) => add.input.quantity);
    const result = await db.execute(sql`
      select "call", ("answer").* from cart_add_lines(
        ${typedArray(owners.map(buyerOf), 'text')}, ${typedArray(owners.map(visitorOf), 'text')},
        ${typedArray(toolIds, 'uuid')}, ${typedArray(quantities, 'integer')}, ${MAX_CART_LINES}
      ) order by "call", ("answer")."addedAt", ("answer")."toolId"`);
    const rowsOf = adds.map((): CartAnswerRow[] => []);
    for (const { call, ...row } of (result as unknown as { rows: CallAnswerRow[] }).rows)
      rowsOf[call - 1]!.push(row);
    return rowsOf.map((rows) => {
      try {
        return cartOfRows(rows as [CartAnswerRow, ...CartAnswerRow[]]);
      } catch (refusal) {
        return refusal as Error;
      }
    });
  }

  const addInBatches = createBatcher(
    async (adds: PendingAdd[]) => {
      try {
        return await callCartAddLines(adds);
      } catch (error) {
        if (adds.length === 1 || !isRefusedStatement(error)) throw error;
        // In turn, not at once: the adds of one cart keep their order, and the pool is not flooded.
        const answers: (Cart | Error)[] = [];
        for (const add of adds) {
          answers.push((await callCartAddLines([add]).catch((failure: Error) => [failure]))[0]!);
        }
        return answers;
      }
    },
    { maxSize: ADD_BATCH_MAX, inFlight: ADD_BATCHES_IN_FLIGHT },
  );

  async function read(owner: CartOwner, executor: Database = db): Promise<Cart> {
    return cartFrom(
      await executor.execute(
        sql`select * from cart_contents(${buyerOf(owner)}, ${visitorOf(owner)}) ${inAddedOrder}`,
      ),
    );
  }

  return {
    /** The owner's cart, as it stands now (an empty one when they have none). */
    read,

    /** A new visitor's cart token, counted against their address (429 past the limit, decision 048). */
    async newVisitor(ip: string): Promise<string> {
      await countNewVisitorCart(db, ip);
      return newVisitorToken();
    },

    /**
     * Adds units of a tool: a new line within the tool's minimum order and what is available, or more
     * units on the tool's line, capped by what is available. The buyer now sees today's price.
     */
    async addLine(owner: CartOwner, input: AddCartLineInput): Promise<Cart> {
      // These rules run inside the database (migrations 0027, 0032 and 0039, decisions 062 and 070),
      // without the round trips of a transaction run from here, answering the cart they leave.
      const answer = await addInBatches({ owner, input });
      if (answer instanceof Error) throw answer;
      return answer;
    },

    /** Sets a line's units within the tool's minimum order and what is available; today's price is seen. */
    async updateLine(owner: CartOwner, toolId: string, input: UpdateCartLineInput): Promise<Cart> {
      // One call, as adding is (migration 0033).
      return cartFrom(
        await db.execute(
          sql`select * from cart_set_line(${buyerOf(owner)}, ${visitorOf(owner)}, ${toolId}, ${input.quantity})
            ${inAddedOrder}`,
        ),
      );
    },

    /** Removes a tool's line (none: nothing to do); the cart as it then is. */
    async removeLine(owner: CartOwner, toolId: string): Promise<Cart> {
      return cartFrom(
        await db.execute(
          sql`select * from cart_remove_line(${buyerOf(owner)}, ${visitorOf(owner)}, ${toolId}) ${inAddedOrder}`,
        ),
      );
    },

    /**
     * Signing in: the visitor's lines join the account's cart (the same tool: units added, capped by what
     * is available, never below the account's own), as many new lines as the account's cart has room
     * for, in the order the visitor added them; the visitor's cart is dropped.
     */
    async mergeVisitorCart(tokenHash: string, userId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        // Both carts locked first in the order of their ids, as batches of adds and checkouts lock carts
        // (migration 0040): the merge queues behind them instead of deadlocking.
        await tx.execute(sql`select 1 from "carts"
          where "user_id" = ${userId} or "token_hash" = ${tokenHash} order by "id" for update`);
        // The account's cart, made if it has none, marked used (migration 0040's `cart_locked`).
        const locked = await tx.execute(sql`select cart_locked(${userId}, null) as "cart"`);
        const [{ cart: accountCart }] = (locked as unknown as { rows: [{ cart: string }] }).rows;
        const [visitorCart] = await tx
          .select({ id: carts.id })
          .from(carts)
          .where(eq(carts.tokenHash, tokenHash))
          .for('update');
        if (visitorCart) {
          await tx.execute(sql`
            with "room" as (
              select ${MAX_CART_LINES} - "line_count" as "lines" from "carts" where "id" = ${accountCart}
            ), "visitor" as (
              select "v".*, "known"."tool_id" is not null as "known",
                row_number() over (partition by "known"."tool_id" is not null order by "v"."added_at", "v"."tool_id") as "nth"
              from "cart_lines" as "v"
              left join "cart_lines" as "known" on "known"."cart_id" = ${accountCart} and "known"."tool_id" = "v"."tool_id"
              where "v"."cart_id" = ${visitorCart.id}
            )
            insert into "cart_lines" ("cart_id", "tool_id", "quantity", "seen_price_cents", "added_at")
            select ${accountCart}, "visitor"."tool_id", "visitor"."quantity", "visitor"."seen_price_cents", "visitor"."added_at"
            from "visitor", "room" where "visitor"."known" or "visitor"."nth" <= "room"."lines"
            on conflict ("cart_id", "tool_id") do update set "quantity" = greatest("cart_lines"."quantity", least(
              "cart_lines"."quantity" + "excluded"."quantity",
              (select tool_available("tools"."on_hand", "tools"."reserved") from "tools" where "tools"."id" = "excluded"."tool_id")
            ))`);
          await tx.delete(carts).where(eq(carts.id, visitorCart.id));
        }
        return read({ userId }, tx);
      });
    },

    /** Drops visitors' carts unused for VISITOR_CART_DAYS (a periodic task); how many it dropped. */
    async dropStaleVisitorCarts(): Promise<number> {
      const dropped = await db
        .delete(carts)
        .where(
          and(
            sql`${carts.userId} is null`,
            // A cart's use is recorded to the minute (migration 0040): that minute is given back.
            sql`${carts.lastUsedAt} < now() - make_interval(days => ${VISITOR_CART_DAYS}, mins => 1)`,
          ),
        )
        .returning({ id: carts.id });
      return dropped.length;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
