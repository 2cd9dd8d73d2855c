import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { tools } from './catalogue';
import { createdAt, updatedAt } from './columns';

/* Orders and payments. */

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** For people (#1042): from the sequence `order_number_seq`, the same on every instance (decision 047). */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_number_seq')`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    /** The buyer's e-mail and display name when ordering, taken from the session. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    // What the order is made of is its `order_lines`; on an order of several lines these one-tool
    // columns summarise them: the first line's tool, the tools' names, the units (decision 047).
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    /** Copied so that an order still names its tool after the catalogue changes. */
    toolName: text('tool_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Copied from the tool when ordered: later price changes do not touch placed orders. Null on an order of several lines. */
    unitPriceCents: integer('unit_price_cents'),
    /** The shipping the order was charged, kept: later changes of the settings do not touch it. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    address: text('address').notNull(),
    phone: text('phone'),
    status: text('status').notNull().default('unpaid'),
    /** The processor's reference: a Stripe PaymentIntent id, or demo_… from the demo processor. */
    transactionId: text('transaction_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** The admin who marked it shipped. */
    shippedBy: text('shipped_by').references(() => user.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The admin who marked it delivered (null on orders delivered before this was kept). */
    deliveredBy: text('delivered_by').references(() => user.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Its customer or an admin (null on orders cancelled before this was kept). */
    cancelledBy: text('cancelled_by').references(() => user.id),
    /** When an unpaid order's stock hold ends; past it the order is expired and its stock released. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    check(
      'orders_status_known',
      sql`${table.status} in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired')`,
    ),
    check('orders_shipping_not_negative', sql`${table.shippingCents} >= 0`),
    check('orders_unpaid_expires', sql`${table.status} <> 'unpaid' or ${table.expiresAt} is not null`),
    check('orders_shipping_not_negative', sql`${table.shippingCents} >= 0`),
    // A paid, shipped or delivered order always carries the processor's reference.
    check(
      'orders_paid_has_transaction',
      sql`${table.status} not in ('paid', 'shipped', 'delivered') or ${table.transactionId} is not null`,
    ),
    index('orders_user_id_idx').on(table.userId),
    index('orders_status_idx').on(table.status),
    // The expiry sweep reads only unpaid orders, soonest first.
    index('orders_unpaid_expires_at_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'unpaid'`),
  ],
);

/**
 * What an account's unpaid orders hold: how many there are and how many units they reserve, counted by
 * triggers on `orders` (0009_order_holds.sql) so that no code path can let the counts drift. Placing an
 * order checks the account's bounds on this one row, locked, in the statement that reserves the stock.
 * Every account has its row from the moment it exists (a trigger on `users`).
 */
export const orderHolds = pgTable(
  'order_holds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    unpaidOrders: integer('unpaid_orders').notNull().default(0),
    reservedUnits: integer('reserved_units').notNull().default(0),
    /** The account's orders since `windowStartedAt`, counted by `place_orders` (decision 033's rate limit). */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    ordersInWindow: integer('orders_in_window').notNull().default(0),
  },
  (table) => [
    check('order_holds_unpaid_orders_not_negative', sql`${table.unpaidOrders} >= 0`),
    check('order_holds_reserved_units_not_negative', sql`${table.reservedUnits} >= 0`),
  ],
);

/** Stripe webhook events already handled: a redelivered event is recognised and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
