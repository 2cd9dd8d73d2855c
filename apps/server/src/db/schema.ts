import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // The database itself refuses impossible stock, whatever code path writes it.
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_minimum_order_positive', sql`${table.minimumOrder} >= 1`),
    check('tools_stock_not_negative', sql`${table.availableQuantity} >= 0`),
    index('tools_created_at_idx').on(table.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ratings: smallint('ratings').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_ratings_range', sql`${table.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(table.createdAt),
  ],
);
