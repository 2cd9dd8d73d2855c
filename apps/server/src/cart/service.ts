import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MAX_CART_LINES,
  VISITOR_CART_DAYS,
  type AddCartLineInput,
  type Cart,
  type UpdateCartLineInput,
} from '@toolshop/shared/cart';
import { messages } from '@toolshop/shared/messages';
import { orderTotalCents } from '@toolshop/shared/money';
import type { Database } from '../db/client';
import { cartLines, carts, tools } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import { availableQuantity, inCatalogue } from '../tools/stock';
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

const ownedBy = (owner: CartOwner): SQL =>
  'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.tokenHash, owner.tokenHash);

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

/** The database refused a line beyond the 50th (the CHECK that the line-counting triggers keep). */
const isCartFull = (error: unknown): boolean =>
  (error as { cause?: { constraint?: string } })?.cause?.constraint === 'carts_at_most_50_lines';

/**
 * Carts (decision 046): kept in the database for accounts and visitors alike, reserving nothing. Every
 * change locks the cart's row first (the upsert that marks it used), the order `place_checkout` locks in,
 * so changes of one cart and its checkout queue instead of interleaving.
 */
export function createCartService(db: Database) {
  /** The owner's cart, made if it has none, marked used and locked for the rest of `tx`. */
  async function lockCart(tx: Database, owner: CartOwner): Promise<string> {
    const [cart] = await tx
      .insert(carts)
      .values('userId' in owner ? { userId: owner.userId } : { tokenHash: owner.tokenHash })
      .onConflictDoUpdate({
        target: 'userId' in owner ? carts.userId : carts.tokenHash,
        set: { lastUsedAt: sql`now()` },
      })
      .returning({ id: carts.id });
    return cart!.id;
  }

  /** The tool as a cart line needs it now, or 404 when it is gone. */
  async function liveTool(tx: Database, toolId: string) {
    const [tool] = await tx
      .select({
        priceCents: tools.priceCents,
        minimumOrder: tools.minimumOrder,
        available: availableQuantity,
      })
      .from(tools)
      .where(and(eq(tools.id, toolId), inCatalogue));
    if (!tool) throw notFound('Tool not found');
    return tool;
  }

  async function read(owner: CartOwner, executor: Database = db): Promise<Cart> {
    const rows = await executor
      .select({
        toolId: cartLines.toolId,
        name: tools.name,
        img: tools.img,
        quantity: cartLines.quantity,
        unitPriceCents: tools.priceCents,
        seenPriceCents: cartLines.seenPriceCents,
        minimumOrder: tools.minimumOrder,
        availableQuantity,
        gone: sql<boolean>`${tools.deletedAt} is not null`,
      })
      .from(carts)
      .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
      .innerJoin(tools, eq(tools.id, cartLines.toolId))
      .where(ownedBy(owner))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));
    const lines = rows.map((row) => ({
      ...row,
      availableQuantity: Number(row.availableQuantity),
      lineTotalCents: orderTotalCents(row.quantity, row.unitPriceCents),
      priceChanged: row.unitPriceCents !== row.seenPriceCents,
      shortOfStock: row.quantity > Number(row.availableQuantity),
    }));
    const counted = lines.filter((line) => !line.gone);
    // The amounts as `place_checkout` will charge them (migration 0017's `order_amounts`), at today's prices.
    const result = await executor.execute(sql`
      select "subtotal_cents"::text as "subtotal", "shipping_cents" as "shipping", "total_cents"::text as "total"
      from order_amounts(
        ${`{${counted.map((line) => line.quantity).join(',')}}`}::integer[],
        ${`{${counted.map((line) => line.unitPriceCents).join(',')}}`}::integer[]
      )`);
    const [amounts] = (result as unknown as { rows: { subtotal: string; shipping: number; total: string }[] })
      .rows;
    return {
      lines,
      lineCount: lines.length,
      subtotalCents: Number(amounts!.subtotal),
      shippingCents: lines.length === 0 ? 0 : amounts!.shipping,
      totalCents: lines.length === 0 ? 0 : Number(amounts!.total),
      readyForCheckout:
        lines.length > 0 && lines.every((line) => !line.gone && !line.priceChanged && !line.shortOfStock),
    };
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
      return db
        .transaction(async (tx) => {
          const cartId = await lockCart(tx, owner);
          const tool = await liveTool(tx, input.toolId);
          const [line] = await tx
            .select({ quantity: cartLines.quantity })
            .from(cartLines)
            .where(and(eq(cartLines.cartId, cartId), eq(cartLines.toolId, input.toolId)));
          if (!line && input.quantity > tool.available) throw notEnoughStock(tool.available);
          const quantity = Math.min((line?.quantity ?? 0) + input.quantity, tool.available);
          if (quantity < tool.minimumOrder) throw quantityRefused();
          await tx
            .insert(cartLines)
            .values({ cartId, toolId: input.toolId, quantity, seenPriceCents: tool.priceCents })
            .onConflictDoUpdate({
              target: [cartLines.cartId, cartLines.toolId],
              set: { quantity, seenPriceCents: tool.priceCents },
            });
          return read(owner, tx);
        })
        .catch((error: unknown) => {
          throw isCartFull(error) ? cartFull() : error;
        });
    },

    /** Sets a line's units within the tool's minimum order and what is available; today's price is seen. */
    async updateLine(owner: CartOwner, toolId: string, input: UpdateCartLineInput): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cartId = await lockCart(tx, owner);
        const tool = await liveTool(tx, toolId);
        if (input.quantity < tool.minimumOrder) throw quantityRefused();
        if (input.quantity > tool.available) throw notEnoughStock(tool.available);
        const updated = await tx
          .update(cartLines)
          .set({ quantity: input.quantity, seenPriceCents: tool.priceCents })
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.toolId, toolId)))
          .returning({ toolId: cartLines.toolId });
        if (updated.length === 0) throw notFound(NOT_IN_CART);
        return read(owner, tx);
      });
    },

    /** Removes a tool's line (none: nothing to do); the cart as it then is. */
    async removeLine(owner: CartOwner, toolId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const cartId = await lockCart(tx, owner);
        await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.toolId, toolId)));
        return read(owner, tx);
      });
    },

    /**
     * Signing in: the visitor's lines join the account's cart (the same tool: units added, capped by what
     * is available, never below the account's own), as many new lines as the account's cart has room
     * for, in the order the visitor added them; the visitor's cart is dropped.
     */
    async mergeVisitorCart(tokenHash: string, userId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const accountCart = await lockCart(tx, { userId });
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
            sql`${carts.lastUsedAt} < now() - make_interval(days => ${VISITOR_CART_DAYS})`,
          ),
        )
        .returning({ id: carts.id });
      return dropped.length;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
