import { and, asc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars } from '@toolshop/shared/money';
import type { Order, OrderStatus, PlaceOrderInput } from '@toolshop/shared/order';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { orders, tools } from '../db/schema';
import type { Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { inCatalogue } from '../tools/service';
import { assertSelfOrAdmin, createUserService } from '../users/service';

export type OrderRow = typeof orders.$inferSelect;

export const orderTotalCents = (order: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) =>
  order.quantity * order.unitPriceCents;

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    toolId: row.toolId,
    tool: row.toolName,
    quantity: row.quantity,
    address: row.address,
    phone: row.phone,
    unitPrice: centsToDollars(row.unitPriceCents),
    total: centsToDollars(orderTotalCents(row)),
    status: row.status as OrderStatus,
    paid: row.status === 'paid' || row.status === 'delivered',
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}

const orderNotFound = () => notFound('Order not found');

export interface OrderServiceOptions {
  /** Stripe mode: cancels an order's PaymentIntent, or refuses when its payment is under way. */
  cancelPayment?: (intentId: string) => Promise<void>;
}

export function createOrderService(db: Database, { cancelPayment }: OrderServiceOptions = {}) {
  const users = createUserService(db);

  /** Orders oldest first; cancelled ones are gone from every list. */
  async function listOrders(filter?: SQL): Promise<Order[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(ne(orders.status, 'cancelled'), filter))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    return rows.map(toOrderDto);
  }

  /** The tool an order names: by id (our web app) or by exact name (SPEC §7's clients). */
  async function resolveToolId(input: PlaceOrderInput): Promise<string> {
    if (input.toolId) {
      if (!isUuid(input.toolId)) throw notFound('Tool not found');
      return input.toolId;
    }
    const matches = await db
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.name, input.tool!), inCatalogue))
      .limit(2);
    if (matches.length === 0) throw notFound('Tool not found');
    if (matches.length > 1) {
      throw new AppError(400, 'invalid_input', 'Several tools have this name: send its toolId.', {
        'body.toolId': 'Name the tool by its id',
      });
    }
    return matches[0]!.id;
  }

  return {
    /**
     * Places an order and takes its stock in one statement: the UPDATE only matches while the quantity is
     * within [minimumOrder, availableQuantity], so two buyers racing for the last units can never both get
     * them, and stock never goes negative.
     */
    async place(viewer: Viewer, input: PlaceOrderInput): Promise<Order> {
      const toolId = await resolveToolId(input);
      const quantity = input.quantity;
      return db.transaction(async (tx) => {
        const [tool] = await tx
          .update(tools)
          .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
          .where(
            and(
              eq(tools.id, toolId),
              inCatalogue,
              lte(tools.minimumOrder, quantity),
              gte(tools.availableQuantity, quantity),
            ),
          )
          .returning();
        if (!tool) {
          const [current] = await tx
            .select()
            .from(tools)
            .where(and(eq(tools.id, toolId), inCatalogue));
          if (!current) throw notFound('Tool not found');
          if (quantity < current.minimumOrder) {
            throw new AppError(
              400,
              'below_minimum_order',
              `The minimum order for ${current.name} is ${current.minimumOrder}.`,
              {
                'body.quantity': 'quantity error',
              },
            );
          }
          throw new AppError(409, 'insufficient_stock', `Only ${current.availableQuantity} left in stock.`);
        }
        const [order] = await tx
          .insert(orders)
          .values({
            userId: viewer.id,
            email: viewer.email,
            name: viewer.name,
            toolId: tool.id,
            toolName: tool.name,
            quantity,
            unitPriceCents: tool.priceCents,
            address: input.address,
            phone: input.phone || null,
          })
          .returning();
        return toOrderDto(order!);
      });
    },

    /** Own orders (an admin may read anyone's), oldest first; cancelled ones are gone from the list. */
    async listFor(viewer: Viewer, email: string): Promise<Order[]> {
      assertSelfOrAdmin(viewer, email, true);
      const owner = await users.findByEmail(email);
      return listOrders(eq(orders.userId, owner.id));
    },

    listAll: (): Promise<Order[]> => listOrders(),

    /** The viewer's own order; anyone else's is "not found" (its existence is nobody else's business). */
    async getOwn(viewer: Viewer, id: string): Promise<OrderRow> {
      if (!isUuid(id)) throw orderNotFound();
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, viewer.id)));
      if (!row) throw orderNotFound();
      return row;
    },

    /**
     * A customer's delete: cancels an unpaid order and returns its stock in the same transaction. The row
     * is kept as 'cancelled'. Only the first of several concurrent cancels matches `status = 'unpaid'`,
     * so the stock comes back exactly once.
     */
    async cancel(viewer: Viewer, id: string): Promise<{ deletedCount: number }> {
      const order = await this.getOwn(viewer, id);
      if (order.status === 'paid' || order.status === 'delivered') {
        throw new AppError(409, 'order_paid', 'A paid order cannot be deleted.');
      }
      if (order.status === 'unpaid' && order.stripePaymentIntentId && cancelPayment) {
        await cancelPayment(order.stripePaymentIntentId);
      }
      return db.transaction(async (tx) => {
        const [cancelled] = await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
          .returning();
        if (!cancelled) return { deletedCount: 0 };
        await tx
          .update(tools)
          .set({ availableQuantity: sql`${tools.availableQuantity} + ${cancelled.quantity}` })
          .where(eq(tools.id, cancelled.toolId));
        return { deletedCount: 1 };
      });
    },

    /** An admin marks a paid order delivered; doing it twice is harmless. */
    async markDelivered(id: string): Promise<Order> {
      if (!isUuid(id)) throw orderNotFound();
      const [delivered] = await db
        .update(orders)
        .set({ status: 'delivered', deliveredAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
        .returning();
      if (delivered) return toOrderDto(delivered);
      const [current] = await db.select().from(orders).where(eq(orders.id, id));
      if (!current) throw orderNotFound();
      if (current.status === 'delivered') return toOrderDto(current);
      throw new AppError(409, 'order_not_paid', 'Only a paid order can be delivered.');
    },
  };
}
