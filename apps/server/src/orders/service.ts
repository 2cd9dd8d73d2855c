import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_ORDER_HOLD_MINUTES } from '@toolshop/shared/constants';
import { isPaidStatus, type Order } from '@toolshop/shared/order';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { recordActivity, recordedBy } from '../activity-log/record-activity';
import type { Database } from '../db/client';
import { orderRowColumns } from '../db/order-status';
import { orders, user } from '../db/schema';
import { orderDeliveredMail } from '../mail/notification-mails';
import type { MailOutbox } from '../mail/outbox';
import { AppError, notFound } from '../plugins/app/errors';
import type { StockService } from '../tools/stock';
import type { UserService } from '../users/service';
import type { Actor, Viewer } from '../viewer';
import { toOrderDto, type OrderRow } from './order-dto';
import { expireDueOrdersWithin } from './order-expiry';
import { createOrderListing } from './order-listing';
import { createPlaceOrder } from './place-order';
import { orderTimeline } from './timeline';

const orderNotFound = () => notFound('Order not found');

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

    /** Places an order and reserves its stock (place-order.ts). */
    place: createPlaceOrder(db, { stock, holdMinutes }),
    /** The lists: listFor, listAll and exportAll (order-listing.ts). */
    ...createOrderListing(db, users),

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
          await stock.release(tx, [cancelled.id]);
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
