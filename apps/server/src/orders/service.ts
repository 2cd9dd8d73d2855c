import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_ORDER_HOLD_MINUTES } from '@toolshop/shared/constants';
import type { ActivityEntry, ActivityKind } from '@toolshop/shared/admin';
import type { Order } from '@toolshop/shared/order';
import { isPaidStatus, type OrderStatus } from '@toolshop/shared/order-status';
import type { Shipment } from '@toolshop/shared/order-shipment';
import type { BuyAgainResult } from '@toolshop/shared/buy-again';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { recordActivity, recordedBy } from '../activity-log/record-activity';
import type { CartService } from '../cart/service';
import type { Database } from '../db/client';
import { orderRowColumns } from '../db/order-status';
import { orders, user } from '../db/schema';
import type { OutgoingMail } from '../mail/mailer';
import { orderDeliveredMail, orderShippedMail } from '../mail/notification-mails';
import type { MailOutbox } from '../mail/outbox';
import { AppError, notFound } from '../plugins/app/errors';
import type { StockService } from '../tools/stock';
import type { UserService } from '../users/service';
import type { Actor, Viewer } from '../viewer';
import { buyAgain } from './buy-again';
import { toOrderDto, type OrderRow } from './order-dto';
import { expireDueOrdersWithin } from './order-expiry';
import { createOrderListing } from './order-listing';
import { createPlaceOrder } from './place-order';
import { orderTimeline } from './timeline';

const orderNotFound = () => notFound('Order not found');

/** One step of an order after its payment, by an admin (advance). */
interface Step {
  to: 'shipped' | 'delivered';
  from: OrderStatus[];
  set: Partial<typeof orders.$inferInsert>;
  kind: ActivityKind;
  details?: ActivityEntry['details'];
  mail: (order: OrderRow) => OutgoingMail;
  /** The 409's message when the order is in none of `from` (nor already `to`). */
  refusal: string;
}

const mailedOrder = (order: OrderRow) => ({
  orderId: order.id,
  name: order.name,
  tool: order.toolName,
  quantity: order.quantity,
});

export interface OrderServiceDependencies {
  stock: StockService;
  /** Where buy-again puts an order's lines back. */
  cart: CartService;
  users: UserService;
  /** Stripe mode: cancels an order's PaymentIntent, or refuses when its payment is under way. */
  cancelPayment?: (intentId: string) => Promise<void>;
  /** ORDER_HOLD_MINUTES: how long a new order holds its stock. */
  holdMinutes?: number;
  /** Tells a customer their order was shipped, and delivered. */
  outbox: MailOutbox;
  /** PUBLIC_URL: where the mails' links point. */
  publicUrl: string;
}

export function createOrderService(
  db: Database,
  {
    stock,
    cart,
    users,
    cancelPayment,
    holdMinutes = DEFAULT_ORDER_HOLD_MINUTES,
    outbox,
    publicUrl,
  }: OrderServiceDependencies,
) {
  /**
   * An admin moves a paid order on (shipped, delivered): the change, its activity-log entry and its
   * customer's mail (queued in the outbox: a slow or failing SMTP server neither fails nor delays it, nor
   * loses the mail) in one transaction. The UPDATE matches only from `step.from`, so doing it twice, or two
   * admins at once, changes, logs and mails once; the second call answers the order as it is.
   */
  async function advance(actor: Actor, id: string, step: Step): Promise<Order> {
    const moved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ status: step.to, ...step.set })
        .where(and(eq(orders.id, id), inArray(orders.status, step.from)))
        .returning(orderRowColumns);
      if (row) {
        await recordActivity(tx, {
          ...recordedBy(actor),
          kind: step.kind,
          subject: { type: 'order', id: row.id, label: `${row.quantity} × ${row.toolName} for ${row.name}` },
          details: { customer: row.email, ...step.details },
        });
        await outbox.enqueue(tx, step.mail(row));
      }
      return row;
    });
    if (moved) return toOrderDto(moved);
    const [current] = await db.select(orderRowColumns).from(orders).where(eq(orders.id, id));
    if (!current) throw orderNotFound();
    if (current.status === step.to) return toOrderDto(current);
    throw new AppError(409, 'order_not_paid', step.refusal);
  }

  async function getOwn(viewer: Viewer, id: string, within: Database = db): Promise<OrderRow> {
    const [row] = await within
      .select(orderRowColumns)
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, viewer.id)));
    if (!row) throw orderNotFound();
    return row;
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

    /**
     * One order with its timeline, for its customer or an admin (anyone else: not found). Only an admin
     * learns which admin shipped, delivered or cancelled it: to its customer those steps are by nobody named.
     */
    async detail(viewer: Viewer, id: string): Promise<OrderDetail> {
      const row = await findActionable(viewer, id);
      const actorIds = [row.shippedBy, row.deliveredBy, row.cancelledBy].filter(
        (actorId) => actorId !== null,
      );
      const people =
        viewer.role !== 'admin' || actorIds.length === 0
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
    getOwn,

    /** POST /order/:id/buy-again: the viewer's own order's lines back in their cart (buy-again.ts). */
    async buyAgain(viewer: Viewer, id: string): Promise<BuyAgainResult> {
      const order = await getOwn(viewer, id);
      return buyAgain(db, cart, viewer.id, order.id);
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

    /** POST /order/:id/ship: a paid order is on its way (advance's rules), its customer told how. */
    markShipped(actor: Actor, id: string, shipment: Shipment): Promise<Order> {
      return advance(actor, id, {
        to: 'shipped',
        from: ['paid'],
        set: { shippedAt: new Date(), shippedBy: actor.viewer.id, ...shipment },
        kind: 'order.shipped',
        details: { ...shipment },
        mail: (order) =>
          orderShippedMail(
            order.email,
            { ...mailedOrder(order), number: order.number, ...shipment },
            publicUrl,
          ),
        refusal: 'Only a paid order can be shipped.',
      });
    },

    /** SPEC's PATCH /order/:id/delivery: a paid or shipped order has arrived (advance's rules). */
    markDelivered(actor: Actor, id: string): Promise<Order> {
      return advance(actor, id, {
        to: 'delivered',
        from: ['paid', 'shipped'],
        set: { deliveredAt: new Date(), deliveredBy: actor.viewer.id },
        kind: 'order.delivered',
        mail: (order) => orderDeliveredMail(order.email, mailedOrder(order), publicUrl),
        refusal: 'Only a paid order can be delivered.',
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
