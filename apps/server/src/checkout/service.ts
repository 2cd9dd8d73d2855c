import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Checkout, PlaceCheckoutInput } from '@toolshop/shared/cart';
import { apiMessages } from '@toolshop/shared/messages';
import type { Order } from '@toolshop/shared/order';
import { centsToDollars, formatPrice } from '@toolshop/shared/money';
import { arrayLiteral } from '../db/arrays';
import { accountBoundRefusal, orderBoundArguments } from '../db/order-bounds';
import { CHANGE_CHANNEL } from '../db/change-feed';
import { queryDeadline, type Database } from '../db/client';
import { orderRowColumns } from '../db/order-status';
import { cartLines, carts, orders, tools, user } from '../db/schema';
import { toOrderDto } from '../orders/order-dto';
import { AppError } from '../plugins/app/errors';
import type { StockService } from '../tools/stock';
import type { Viewer } from '../viewer';
import type { CartService } from '../cart/service';

/** What `place_checkout` answered (decision 047). */
interface CheckoutAnswer {
  refusal: string | null;
  refused_tool: string | null;
  detail: string | null;
  order_id: string | null;
}

/** A refusal by the account's bounds (decision 047), as the API answers it. */
function boundError(refusal: string): AppError | undefined {
  const bound = accountBoundRefusal(refusal);
  return bound && new AppError(bound.statusCode, bound.code, bound.message);
}

/**
 * Each of `place_checkout`'s refusals as the buyer hears it: a line's refusal names its tool (`name`) and
 * carries the tool's id as the field at fault, `lines.<toolId>`, so that a page can mark the line.
 */
function refusalOf(answer: CheckoutAnswer, name: string): AppError {
  const bound = boundError(answer.refusal ?? '');
  if (bound) return bound;
  const detail = answer.detail ?? '';
  const line = (status: number, code: string, message: string) =>
    new AppError(status, code, message, { [`lines.${answer.refused_tool}`]: message });
  switch (answer.refusal) {
    case 'cart_not_found':
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
      throw new Error(`place_checkout refused with an unknown reason: ${answer.refusal}`);
  }
}

/**
 * Checking a cart out (decision 048): one order of several lines, placed by the database's
 * `place_checkout` in one transaction, all lines or none (decision 047).
 */
export function createCheckoutService(
  db: Database,
  {
    carts: cartService,
    stock,
    holdMinutes,
  }: { carts: CartService; stock: StockService; holdMinutes: number },
) {
  return {
    /** The cart to check out and where the customer's last order went; only for a confirmed address. */
    async read(viewer: Viewer): Promise<Checkout> {
      const [account] = await db
        .select({ verified: user.emailVerified })
        .from(user)
        .where(eq(user.id, viewer.id));
      if (!account?.verified) throw boundError('email_not_verified')!;
      const [last] = await db
        .select({ address: orders.address, phone: orders.phone })
        .from(orders)
        .where(eq(orders.userId, viewer.id))
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return {
        cart: await cartService.read({ userId: viewer.id }),
        address: last?.address ?? null,
        phone: last?.phone ?? null,
      };
    },

    /**
     * Places the order, in `tx` (an idempotent request's transaction, so that a retry gets this answer).
     * Without `lines`, the cart's lines at the prices the buyer last saw. Either way the ordered tools'
     * lines leave the account's cart.
     */
    async place(viewer: Viewer, input: PlaceCheckoutInput, tx: Database): Promise<Order> {
      // Given lines leave the account's cart too, so its row is locked first, as place_checkout locks it
      // when it orders the cart itself: the same order of locks (cart, holds, tools) either way.
      const ownCart = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, viewer.id));
      const [cart] = await (input.lines ? ownCart.for('update') : ownCart);
      const toolIds = input.lines
        ? input.lines.map((line) => line.toolId)
        : cart
          ? (
              await tx
                .select({ toolId: cartLines.toolId })
                .from(cartLines)
                .where(eq(cartLines.cartId, cart.id))
            ).map((line) => line.toolId)
          : [];
      const { payload, made } = stock.reservationRun(toolIds);
      const array = (values: (string | number)[] | undefined, type: 'uuid' | 'integer') =>
        values === undefined ? sql`null` : sql`${arrayLiteral(values.map(String))}::${sql.raw(type)}[]`;
      const details = JSON.stringify({
        email: viewer.email,
        name: viewer.name,
        address: input.address,
        phone: input.phone ?? null,
      });
      const result = await tx.execute(sql`
        select "placed"."refusal", "placed"."refused_tool", "placed"."detail", ("placed"."order")."id" as "order_id"
        from place_checkout(
          new_order => ${randomUUID()}::uuid, buyer => ${viewer.id},
          cart => ${input.lines ? null : (cart?.id ?? randomUUID())}::uuid,
          line_tools => ${array(
            input.lines?.map((line) => line.toolId),
            'uuid',
          )},
          line_quantities => ${array(
            input.lines?.map((line) => line.quantity),
            'integer',
          )},
          line_prices => ${array(
            input.lines?.map((line) => line.seenPriceCents),
            'integer',
          )},
          details => ${details},
          ${orderBoundArguments(holdMinutes)},
          deadline => ${queryDeadline(db)?.toISOString() ?? null}::timestamptz,
          channel => ${CHANGE_CHANNEL},
          announcement => ${payload}
        ) as "placed"`);
      const [answer] = (result as unknown as { rows: CheckoutAnswer[] }).rows;
      if (answer!.refusal !== null) {
        const [tool] = answer!.refused_tool
          ? await tx.select({ name: tools.name }).from(tools).where(eq(tools.id, answer!.refused_tool))
          : [];
        throw refusalOf(answer!, tool?.name ?? 'A tool');
      }
      if (input.lines && cart) {
        await tx
          .delete(cartLines)
          .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.toolId, toolIds)));
      }
      made();
      const [row] = await tx.select(orderRowColumns).from(orders).where(eq(orders.id, answer!.order_id!));
      return toOrderDto(row!);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
