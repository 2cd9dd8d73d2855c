import { and, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { DEFAULT_ORDER_HOLD_MINUTES } from '@toolshop/shared/constants';
import { centsToDollars, orderTotalCents as totalCents } from '@toolshop/shared/money';
import { isPaidStatus, type Order, type OrderStatus, type PlaceOrderInput } from '@toolshop/shared/order';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import {
  orderFiltersSchema,
  type OrderExportQuery,
  type OrderListQuery,
} from '@toolshop/shared/order-filters';
import {
  asksForPage,
  MAX_PAGE_LIMIT,
  resolvePage,
  wantsPage,
  type Page,
  type PageQuery,
} from '@toolshop/shared/paging';
import { recordActivity, recordedBy } from '../admin/activity';
import { orderDeliveredMail } from '../admin/notification-mails';
import type { Database } from '../db/client';
import { orderRowColumns, pastHoldSql, type OrderRow } from '../db/order-status';
import { isUuid } from '../db/ids';
import { orderHolds, orders, tools, user } from '../db/schema';
import type { MailOutbox } from '../mail/outbox';
import type { Actor, Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { inCatalogue, type StockService } from '../tools/stock';
import { assertSelfOrAdmin, type UserService } from '../users/service';
import { orderFilterWhere, orderSortBy } from './order-query';
import { createOrderPlacement, RuleRefusal } from './placement';
import { orderTimeline } from './timeline';

export type { OrderRow };

export const orderTotalCents = (order: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) =>
  totalCents(order.quantity, order.unitPriceCents);

export function toOrderDto(row: OrderRow): Order {
  // An unpaid order past its hold is expired, whether or not the sweep has released it yet.
  const status: OrderStatus = row.pastHold ? 'expired' : (row.status as OrderStatus);
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
    status,
    paid: isPaidStatus(status),
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: status === 'unpaid' || status === 'expired' ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

const orderNotFound = () => notFound('Order not found');

/**
 * Expires the unpaid orders past their hold (those `filter` selects) and releases their stock, in the
 * caller's transaction. Rows another transaction is paying or cancelling are skipped, not waited for; every row
 * changes status only while it is still 'unpaid', so however many instances sweep at once, each order's
 * units are released exactly once. Locks are taken in the order every write takes them (orders, then the
 * accounts' order_holds rows, then tools), each kind sorted, so that two sweeps never deadlock. Returns how
 * many orders expired.
 */
async function expireDueOrdersWithin(tx: Database, stock: StockService, filter?: SQL): Promise<number> {
  const due = await tx
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(and(pastHoldSql, filter))
    .for('update', { skipLocked: true });
  if (due.length === 0) return 0;
  // The status change below updates each account's holds (a trigger); lock them first, in a fixed order.
  await tx
    .select({ userId: orderHolds.userId })
    .from(orderHolds)
    .where(inArray(orderHolds.userId, [...new Set(due.map((row) => row.userId))]))
    .orderBy(orderHolds.userId)
    .for('update');
  const expired = await tx
    .update(orders)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
        eq(orders.status, 'unpaid'),
      ),
    )
    .returning({ toolId: orders.toolId, quantity: orders.quantity });
  const byTool = new Map<string, number>();
  for (const { toolId, quantity } of expired) byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
  for (const toolId of [...byTool.keys()].sort()) await stock.release(tx, toolId, byTool.get(toolId)!);
  return expired.length;
}

export interface OrderServiceDependencies {
  stock: StockService;
  users: UserService;
  /** Stripe mode: cancels an order's PaymentIntent, or refuses when its payment is under way. */
  cancelPayment?: (intentId: string) => Promise<void>;
  /** ORDER_HOLD_MINUTES: how long a new order holds its stock. */
  holdMinutes?: number;
  /** Tells a customer their order was delivered. */
  outbox: MailOutbox;
  /** PUBLIC_URL: where the mails' links point. */
  publicUrl: string;
}

export function createOrderService(
  db: Database,
  {
    stock,
    users,
    cancelPayment,
    holdMinutes = DEFAULT_ORDER_HOLD_MINUTES,
    outbox,
    publicUrl,
  }: OrderServiceDependencies,
) {
  const placement = createOrderPlacement(db, { stock, holdMinutes });

  /**
   * Orders without the cancelled ones (expired ones stay, so that their customer sees what happened).
   * Asked for a page: newest first, with the total. Otherwise SPEC §7's plain array, oldest first, of the
   * newest MAX_PAGE_LIMIT orders.
   */
  async function listOrders(query: PageQuery, filter?: SQL): Promise<Order[] | Page<Order>> {
    const where = and(ne(orders.status, 'cancelled'), filter);
    const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;
    if (!wantsPage(query)) {
      const rows = await db
        .select(orderRowColumns)
        .from(orders)
        .where(where)
        .orderBy(...newestFirst)
        .limit(MAX_PAGE_LIMIT);
      return rows.reverse().map(toOrderDto);
    }
    const { page, limit, offset } = resolvePage(query);
    const [rows, [counted]] = await Promise.all([
      db
        .select(orderRowColumns)
        .from(orders)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { items: rows.map(toOrderDto), total: counted!.total, page, limit };
  }

  /** The tool an order names: by id (our web app) or by exact name (SPEC §7's clients). */
  async function resolveToolId(input: PlaceOrderInput, executor: Database): Promise<string> {
    if (input.toolId) {
      if (!isUuid(input.toolId)) throw notFound('Tool not found');
      return input.toolId;
    }
    const matches = await executor
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

  /** Queued with the delivery: a slow or failing SMTP server neither fails nor delays it, nor loses the mail. */
  function queueDeliveredMail(tx: Database, order: OrderRow): Promise<void> {
    const mail = orderDeliveredMail(
      order.email,
      { orderId: order.id, name: order.name, tool: order.toolName, quantity: order.quantity },
      publicUrl,
    );
    return outbox.enqueue(tx, mail);
  }

  /** The order a viewer may act on: their own, or any order for an admin. Others' are "not found". */
  async function findActionable(viewer: Viewer, id: string): Promise<OrderRow> {
    const owned = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
    const [row] = await db
      .select(orderRowColumns)
      .from(orders)
      .where(and(eq(orders.id, id), owned));
    if (!row) throw orderNotFound();
    return row;
  }

  return {
    /** Expires every unpaid order past its hold (the periodic sweep; safe in every instance at once). */
    expireDue: () => db.transaction((tx) => expireDueOrdersWithin(tx, stock)),

    /**
     * Places an order and reserves its stock in one call of the database's `place_orders`, together with
     * the orders that reach this process meanwhile (`placement.ts`); the reservation is one conditional
     * UPDATE (tools/stock.ts), so two buyers racing for the last units can never both get them. The
     * order holds its units until it is paid, cancelled, or `holdMinutes` pass. Holds already past their
     * time still count until they are expired, so a refused order first expires those of its tool and
     * account and tries once more: correctness never waits for the periodic sweep, and an order
     * that has the room pays nothing for it. A refusal is the reason `place_orders` gave when it refused
     * (decision 042). `within`: the transaction of an idempotent request, so that
     * its stored answer commits with the order; every query of the call runs in it (PGlite would wait
     * forever for a second transaction).
     */
    async place(viewer: Viewer, input: PlaceOrderInput, within: Database = db): Promise<Order> {
      const toolId = await resolveToolId(input, within);
      const attempt = () => placement.place(within, viewer, input, toolId);
      const expireDueHolds = (tx: Database) =>
        expireDueOrdersWithin(tx, stock, or(eq(orders.toolId, toolId), eq(orders.userId, viewer.id)));
      let placed = await attempt();
      if (
        placed instanceof RuleRefusal &&
        (await (within === db ? db.transaction(expireDueHolds) : expireDueHolds(within))) > 0
      ) {
        placed = await attempt();
      }
      if (placed instanceof RuleRefusal) throw placed.error;
      return toOrderDto(placed);
    },

    /** Own orders (an admin may read anyone's); cancelled ones are gone from the list. */
    async listFor(viewer: Viewer, email: string, query: PageQuery = {}): Promise<Order[] | Page<Order>> {
      assertSelfOrAdmin(viewer, email, true);
      const owner = await users.findByEmail(email);
      return listOrders(query, eq(orders.userId, owner.id));
    },

    /**
     * Every order (admin). Without parameters SPEC §7's plain array; with any, a page of the orders the
     * filters select, in their sort, and how many they select in all.
     */
    async listAll(query: OrderListQuery): Promise<Order[] | Page<Order>> {
      if (!asksForPage(query)) return listOrders({});
      const filters = orderFiltersSchema.parse(query);
      const where = orderFilterWhere(filters);
      const { page, limit, offset } = resolvePage(filters);
      const [rows, [counted]] = await Promise.all([
        db
          .select(orderRowColumns)
          .from(orders)
          .where(where)
          .orderBy(...orderSortBy(filters.sort))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      return { items: rows.map(toOrderDto), total: counted!.total, page, limit };
    },

    /** Every order the filters select, in their sort: what GET /order/export.csv writes. */
    async exportAll(filters: OrderExportQuery): Promise<Order[]> {
      const rows = await db
        .select(orderRowColumns)
        .from(orders)
        .where(orderFilterWhere(filters))
        .orderBy(...orderSortBy(filters.sort));
      return rows.map(toOrderDto);
    },

    /** One order with its timeline (admin): who placed, paid, delivered or cancelled it, and when. */
    async detail(id: string): Promise<OrderDetail> {
      const [row] = await db.select(orderRowColumns).from(orders).where(eq(orders.id, id));
      if (!row) throw orderNotFound();
      const actorIds = [row.deliveredBy, row.cancelledBy].filter((actorId) => actorId !== null);
      const people =
        actorIds.length === 0
          ? []
          : await db
              .select({ id: user.id, name: user.name, email: user.email })
              .from(user)
              .where(inArray(user.id, actorIds));
      return {
        ...toOrderDto(row),
        timeline: orderTimeline(row, new Map(people.map((person) => [person.id, person]))),
      };
    },

    /** The viewer's own order; anyone else's is "not found" (its existence is nobody else's business). */
    async getOwn(viewer: Viewer, id: string, within: Database = db): Promise<OrderRow> {
      const [row] = await within
        .select(orderRowColumns)
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.userId, viewer.id)));
      if (!row) throw orderNotFound();
      return row;
    },

    /**
     * DELETE /order/:id, by the customer on their own order or by an admin on anyone's: an unpaid order is
     * cancelled and its reservation released in the same transaction; an expired one is dismissed from the
     * lists (its stock went back when it expired). Rows are kept as 'cancelled'. Each UPDATE matches only
     * while the status is still what it expects, so a cancel racing a payment, the sweep or another cancel
     * releases the units at most once.
     */
    async cancel(viewer: Viewer, id: string): Promise<{ deletedCount: number }> {
      const order = await findActionable(viewer, id);
      if (isPaidStatus(order.status)) {
        throw new AppError(409, 'order_paid', 'A paid order cannot be deleted.');
      }
      if (order.status === 'unpaid' && order.stripePaymentIntentId && cancelPayment) {
        await cancelPayment(order.stripePaymentIntentId);
      }
      return db.transaction(async (tx) => {
        const cancelledNow = { status: 'cancelled', cancelledAt: new Date(), cancelledBy: viewer.id };
        const [cancelled] = await tx
          .update(orders)
          .set(cancelledNow)
          .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
          .returning(orderRowColumns);
        if (cancelled) {
          await stock.release(tx, cancelled.toolId, cancelled.quantity);
          return { deletedCount: 1 };
        }
        const dismissed = await tx
          .update(orders)
          .set(cancelledNow)
          .where(and(eq(orders.id, order.id), eq(orders.status, 'expired')))
          .returning({ id: orders.id });
        return { deletedCount: dismissed.length };
      });
    },

    /**
     * An admin marks a paid order delivered, logged and its customer's mail queued in the same transaction. Doing it twice is harmless: the second call changes, logs and mails nothing.
     */
    async markDelivered(actor: Actor, id: string): Promise<Order> {
      const delivered = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: 'delivered', deliveredAt: new Date(), deliveredBy: actor.viewer.id })
          .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
          .returning(orderRowColumns);
        if (row) {
          await recordActivity(tx, {
            ...recordedBy(actor),
            kind: 'order.delivered',
            subject: {
              type: 'order',
              id: row.id,
              label: `${row.quantity} × ${row.toolName} for ${row.name}`,
            },
            details: { customer: row.email },
          });
          await queueDeliveredMail(tx, row);
        }
        return row;
      });
      if (delivered) return toOrderDto(delivered);
      const [current] = await db.select(orderRowColumns).from(orders).where(eq(orders.id, id));
      if (!current) throw orderNotFound();
      if (current.status === 'delivered') return toOrderDto(current);
      throw new AppError(409, 'order_not_paid', 'Only a paid order can be delivered.');
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
