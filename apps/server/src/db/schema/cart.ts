import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { MAX_CART_LINES } from '@toolshop/shared/cart';
import { user } from './accounts';
import { tools } from './catalogue';
import { orders } from './orders';

// The tables of carts and orders of several lines (migration 0017, decisions 046 and 047). The new
// columns of `orders` (number, shipping_cents, shipped_at, shipped_by, carrier, tracking_number) are
// declared with the orders table when the orders feature starts reading them.

/**
 * What an order is made of: one line per tool, copied when ordered. Every order has its lines: orders
 * placed before migration 0017 became one-line orders, `place_orders` writes its one line, and
 * `place_checkout` an order's many.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order the buyer saw the lines in, from 1. */
    position: smallint('position').notNull(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    /** Copied so that the line still names its tool after the catalogue changes. */
    toolName: text('tool_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The price the buyer agreed to: later price changes do not touch placed orders. */
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.toolId] }),
    unique('order_lines_order_id_position_unique').on(table.orderId, table.position),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    index('order_lines_tool_id_idx').on(table.toolId),
  ],
);

/** The shop's settings an admin changes in the back office: one row, made by the migration. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** The flat fee of an order's shipping; 0: shipping is free. */
    shippingFeeCents: integer('shipping_fee_cents').notNull().default(0),
    /** From this subtotal on an order ships free; null: the fee always applies. */
    freeShippingFromCents: integer('free_shipping_from_cents'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shop_settings_one_row', sql`${table.id}`),
    check('shop_settings_shipping_fee_not_negative', sql`${table.shippingFeeCents} >= 0`),
    check('shop_settings_free_shipping_from_positive', sql`${table.freeShippingFromCents} > 0`),
  ],
);

/**
 * A cart (decision 046): an account's, or a visitor's, known by the SHA-256 of a random token whose raw
 * value only the visitor's httpOnly cookie holds. It reserves nothing.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    /** Kept by triggers on cart_lines (one UPDATE per statement); the database refuses a 51st line. */
    lineCount: integer('line_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A visitor's cart unused for 30 days is dropped. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('carts_account_or_visitor', sql`(${table.userId} is null) <> (${table.tokenHash} is null)`),
    check('carts_at_most_50_lines', sql`${table.lineCount} between 0 and ${sql.raw(String(MAX_CART_LINES))}`),
    index('carts_visitor_last_used_at_idx')
      .on(table.lastUsedAt)
      .where(sql`${table.userId} is null`),
  ],
);

/** A tool in a cart: the units wanted and the price the buyer was last shown, to tell a repricing. */
export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    seenPriceCents: integer('seen_price_cents').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.cartId, table.toolId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('cart_lines_seen_price_positive', sql`${table.seenPriceCents} > 0`),
    index('cart_lines_tool_id_idx').on(table.toolId),
  ],
);
