import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { createdAt } from './columns';

/* The catalogue: the tools the shop sells, their categories, and the reviews of the shop. */

/** The kinds of tool the catalogue is browsed by (decision 055), in the order admins give them. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its page's address, /tools/category/{slug}. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_name_unique').on(sql`lower(${table.name})`)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Its main photo: SPEC's `img`, what cards, carts and orders show. */
    img: text('img').notNull(),
    /** Its other photos in the admin's order, after `img` (decision 058): at most seven, so eight in all. */
    gallery: text('gallery')
      .array()
      .notNull()
      .default(sql`'{}'`),
    description: text('description').notNull(),
    minimumOrder: integer('minimum_order').notNull(),
    /** What the admin counts on the shelf, including units held for unpaid orders. */
    onHand: integer('on_hand').notNull(),
    /** Units held by unpaid orders; what customers may still order is onHand − reserved. */
    reserved: integer('reserved').notNull().default(0),
    createdAt: createdAt(),
    /** Set when an admin deletes the tool: gone from the shop, still named by past orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Below this many available units the tool is low on stock; null: twice its minimum order. */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set while the admins have been told of the tool's current fall below its threshold (once per crossing). */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    /** When a customer's cancel or an expiry last lifted the tool back above its threshold after its mail. */
    lowStockRecoveredAt: timestamp('low_stock_recovered_at', { withTimezone: true }),
    /**
     * When the tool last changed as its page shows it (the sitemap's lastmod): set by the database's trigger
     * `tools_updated_at` (migration 0026), not by the code; orders moving its stock leave it (decision 059).
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: in no category. A category with listed tools cannot be deleted; deleted tools lose theirs. */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /**
     * The words a search matches (decision 056): the name's, weighing more, and the description's, stemmed.
     * Set by the database's trigger `tools_search_vector` when either is written (migration 0034), not by
     * the code: a generated column was computed again on every change of stock.
     */
    searchVector: tsvector('search_vector'),
  },
  (table) => [
    // The database itself refuses impossible stock, whatever code path writes it.
    check('tools_price_positive', sql`${table.priceCents} > 0`),
    check('tools_minimum_order_positive', sql`${table.minimumOrder} >= 1`),
    check('tools_reserved_not_negative', sql`${table.reserved} >= 0`),
    check('tools_reserved_within_on_hand', sql`${table.reserved} <= ${table.onHand}`),
    check('tools_low_stock_threshold_not_negative', sql`${table.lowStockThreshold} >= 0`),
    check('tools_gallery_at_most_seven', sql`cardinality(${table.gallery}) <= 7`),
    index('tools_created_at_idx').on(table.createdAt),
    index('tools_category_id_idx').on(table.categoryId),
    // A search's three ways of finding a tool, each through an index (migration 0022, decision 056).
    index('tools_search_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.deletedAt} is null`),
    index('tools_name_trgm_idx')
      .using('gin', table.name.op('gin_trgm_ops'))
      .where(sql`${table.deletedAt} is null`),
    // The catalogue's sorts, so that a page of a list reads its rows in order (migration 0030).
    index('tools_price_order_idx')
      .on(table.priceCents, sql`lower(${table.name})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('tools_name_order_idx')
      .on(sql`lower(${table.name})`, table.id)
      .where(sql`${table.deletedAt} is null`),
    index('tools_created_order_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * The words of the catalogue's names, each with how many of its tools have it: what a search's misspelt
 * words are corrected towards (decision 065). Kept by the triggers `tools_count_*_name_words` (migration
 * 0030), not by the code.
 */
export const catalogueNameWords = pgTable(
  'catalogue_name_words',
  {
    word: text('word').primaryKey(),
    tools: integer('tools').notNull(),
  },
  (table) => [
    check('catalogue_name_words_tools_positive', sql`${table.tools} > 0`),
    index('catalogue_name_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ratings: smallint('ratings').notNull(),
    description: text('description').notNull(),
    /** The signed-in author; null for the demo reviews seeded into a new shop. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('reviews_ratings_range', sql`${table.ratings} between 1 and 5`),
    index('reviews_created_at_idx').on(table.createdAt),
    // A customer's reviews of the last day, counted against the daily limit.
    index('reviews_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);
