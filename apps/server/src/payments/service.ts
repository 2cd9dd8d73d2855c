import { and, asc, eq, not } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { apiMessages } from '@toolshop/shared/messages';
import { centsToDollars, formatPrice, orderTotalCents as totalCents } from '@toolshop/shared/money';
import { paymentSummarySchema, type PaymentResult, type PaymentSummary } from '@toolshop/shared/payment';
import { paths } from '@toolshop/shared/paths';
import type { ChangeFeed } from '../db/change-feed';
import { REVIEWS_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { orderRowColumns, pastHoldSql } from '../db/order-status';
import { isUuid } from '../db/ids';
import { orderLines, orders, webhookEvents } from '../db/schema';
import { publicUrl, type Env } from '../env';
import type { MailOutbox } from '../mail/outbox';
import { receiptMail } from '../mail/templates';
import { orderTotalCents, toOrderDto, type OrderRow } from '../orders/order-dto';
import type { OrderService } from '../orders/service';
import { AppError } from '../plugins/app/errors';
import type { StockService } from '../tools/stock';
import type { Viewer } from '../viewer';
import { chargeDemoCard } from './demo-processor';

const CURRENCY = 'usd';

export interface PaymentDependencies {
  db: Database;
  env: Env;
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  /** Present in Stripe mode (all three STRIPE_* keys set). */
  stripe: Stripe | null;
  orders: OrderService;
  stock: StockService;
  changes: ChangeFeed;
}

const orderExpired = () => new AppError(409, 'order_expired', apiMessages.orderExpired);

/**
 * An expired order is refused rather than re-reserved: its units may have been sold since, and the
 * customer can place a new order at today's price and stock (decision 015).
 */
function assertPayable(order: OrderRow): void {
  if (order.status === 'cancelled') throw new AppError(409, 'order_cancelled', 'This order was cancelled.');
  if (order.status === 'expired' || order.pastHold) throw orderExpired();
  if (order.status !== 'unpaid') throw new AppError(409, 'order_paid', 'This order is already paid.');
}

export function createPaymentService({
  db,
  env,
  outbox,
  log,
  stripe,
  orders: orderService,
  stock,
  changes,
}: PaymentDependencies) {
  /** Queued with the payment: the receipt exists exactly when the order is paid. Read from its lines. */
  async function queueReceipt(tx: Database, order: OrderRow): Promise<void> {
    const lines = await tx
      .select({
        tool: orderLines.toolName,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    const money = (cents: number) => formatPrice(centsToDollars(cents));
    const lineCents = lines.map((line) => totalCents(line.quantity, line.unitPriceCents));
    const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
    const mail = receiptMail(
      order.email,
      {
        orderId: order.id,
        number: order.number,
        placedOn: order.createdAt.toISOString().slice(0, 10),
        name: order.name,
        lines: lines.map((line, index) => ({
          tool: line.tool,
          quantity: line.quantity,
          unitPrice: money(line.unitPriceCents),
          lineTotal: money(lineCents[index]!),
        })),
        subtotal: money(subtotalCents),
        shipping: order.shippingCents === 0 ? 'free' : money(order.shippingCents),
        total: money(subtotalCents + order.shippingCents),
        address: order.address,
        transactionId: order.transactionId!,
        status: order.status,
      },
      `${publicUrl(env)}${paths.myOrders}`,
    );
    await outbox.enqueue(tx, mail);
  }

  /**
   * Marks an unpaid order within its hold paid, once, turns its reservation into a sale and queues its
   * receipt in the same transaction: a second confirmation, a cancel or the expiry sweep that got there first match nothing.
   */
  async function markPaid(tx: Database, orderId: string, transactionId: string): Promise<OrderRow | null> {
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', transactionId, paidAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid'), not(pastHoldSql)))
      .returning(orderRowColumns);
    if (!paid) return null;
    await stock.sell(tx, paid.id);
    await queueReceipt(tx, paid);
    // The buyer's reviews now carry the verified-buyer badge.
    await changes.announce(tx, REVIEWS_TOPIC);
    return paid;
  }

  return {
    async summary(viewer: Viewer, id: string): Promise<PaymentSummary> {
      // The order's own fields, the payment page's subset of them (zod drops the rest).
      return paymentSummarySchema.parse(toOrderDto(await orderService.getOwn(viewer, id)));
    },

    /**
     * Demo mode. The amount is the server's own total; the client sends only the card. `within`: the
     * transaction of an idempotent request, so that its stored answer commits with the payment; every
     * query of the call runs in it.
     */
    async payWithDemoCard(
      viewer: Viewer,
      id: string,
      cardNumber: string,
      within: Database = db,
    ): Promise<PaymentResult> {
      if (stripe) throw new AppError(409, 'stripe_mode', 'This shop takes cards through Stripe.');
      const order = await orderService.getOwn(viewer, id, within);
      assertPayable(order);
      const charge = chargeDemoCard(cardNumber);
      if (!charge.ok) throw new AppError(402, charge.code, charge.message);
      const paid = await within.transaction((tx) => markPaid(tx, order.id, charge.transactionId));
      if (!paid) {
        // Something else settled the order between the check above and now: say what.
        assertPayable(await orderService.getOwn(viewer, id, within));
        throw new AppError(409, 'order_paid', 'This order is already paid.');
      }
      return { status: 'paid', transactionId: charge.transactionId };
    },

    /**
     * Stripe mode: the PaymentIntent for the order, created once for the amount the server computes. The
     * idempotency key makes a retried request return the same intent instead of a second charge.
     */
    async createIntent(viewer: Viewer, id: string): Promise<{ clientSecret: string }> {
      if (!stripe)
        throw new AppError(409, 'demo_mode', 'This shop has no Stripe keys: use the demo card form.');
      const order = await orderService.getOwn(viewer, id);
      assertPayable(order);
      const intent = order.stripePaymentIntentId
        ? await stripe.paymentIntents.retrieve(order.stripePaymentIntentId)
        : await stripe.paymentIntents.create(
            {
              amount: orderTotalCents(order),
              currency: CURRENCY,
              automatic_payment_methods: { enabled: true },
              metadata: { orderId: order.id },
              receipt_email: order.email,
              description: order.made.lines.map((line) => `${line.quantity} × ${line.toolName}`).join(', '),
            },
            { idempotencyKey: `order-${order.id}` },
          );
      if (!order.stripePaymentIntentId) {
        await db.update(orders).set({ stripePaymentIntentId: intent.id }).where(eq(orders.id, order.id));
      }
      return { clientSecret: intent.client_secret! };
    },

    /**
     * A Stripe webhook, verified against the raw body's signature (a forged or older-than-5-minutes
     * signature is refused). Each event id is processed once, in the same transaction that marks the order
     * paid; and only when the intent's amount and currency are exactly the order's.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      if (!stripe) throw new AppError(404, 'not_found', 'Stripe is not configured on this shop.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', env.STRIPE_WEBHOOK_SECRET!);
      } catch {
        throw new AppError(400, 'invalid_signature', 'The webhook signature is missing, wrong or too old.');
      }

      const outcome = await db.transaction(
        async (tx): Promise<{ paid: OrderRow } | { refund: string } | null> => {
          const [fresh] = await tx
            .insert(webhookEvents)
            .values({ id: event.id, type: event.type })
            .onConflictDoNothing()
            .returning();
          if (!fresh || event.type !== 'payment_intent.succeeded') return null;

          const intent = event.data.object as Stripe.PaymentIntent;
          // A payment this shop did not start (another app on the same Stripe account) is acknowledged
          // and left alone: answering with an error would make Stripe retry it for days.
          const orderId = intent.metadata?.orderId ?? '';
          if (!isUuid(orderId)) return null;
          const [order] = await tx.select(orderRowColumns).from(orders).where(eq(orders.id, orderId));
          const matches =
            order &&
            intent.amount === orderTotalCents(order) &&
            intent.currency === CURRENCY &&
            (order.stripePaymentIntentId === null || order.stripePaymentIntentId === intent.id);
          if (!matches) {
            log.warn({ eventId: event.id, intentId: intent.id, orderId }, 'payment does not match its order');
            return null;
          }
          const paid = await markPaid(tx, order.id, intent.id);
          if (paid) return { paid };
          // Cancelled or expired before the money arrived: its stock is no longer held for it.
          return order.status === 'unpaid' || order.status === 'cancelled' || order.status === 'expired'
            ? { refund: intent.id }
            : null;
        },
      );
      if (outcome && 'refund' in outcome) {
        // Cancelling normally cancels the PaymentIntent first; should a charge still get through, the
        // customer gets their money back rather than paying for nothing.
        log.warn({ intentId: outcome.refund }, 'payment for a cancelled or expired order: refunding it');
        await stripe.refunds.create(
          { payment_intent: outcome.refund },
          { idempotencyKey: `refund-${outcome.refund}` },
        );
      }
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
