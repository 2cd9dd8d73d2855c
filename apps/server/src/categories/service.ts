import { and, asc, eq, max, ne, or, sql } from 'drizzle-orm';
import { categoryMessages, slugOf, type Category, type CategoryInput } from '@toolshop/shared/category';
import {
  fieldChanges,
  recordActivity,
  recordedBy,
  type ActivityRecord,
} from '../activity-log/record-activity';
import type { ChangeFeed } from '../db/change-feed';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { categories, tools } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import { inCatalogue } from '../tools/stock';
import type { Actor } from '../viewer';

type CategoryRow = typeof categories.$inferSelect;

const categoryNotFound = () => notFound(categoryMessages.notFound);
const conflict = (message: string) => new AppError(409, 'conflict', message);

const subjectOf = (row: CategoryRow): ActivityRecord['subject'] => ({
  type: 'category',
  id: row.id,
  label: row.name,
});

/** What a rename may change, for its log entry. */
const editableView = ({ name, slug, description }: CategoryRow) => ({ name, slug, description });

/**
 * The listed tools in each category, counted beside it. Spelled out: Drizzle leaves the table off the
 * columns of a query without joins, and an unqualified "id" inside the subquery would be the tool's.
 */
const toolCount = sql<number>`(select count(*)::int from "tools" where "tools"."category_id" = "categories"."id" and "tools"."deleted_at" is null)`;

const categoriesColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  position: categories.position,
  createdAt: categories.createdAt,
};

const toCategory = (row: CategoryRow & { toolCount: number }): Category => ({
  _id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  position: row.position,
  toolCount: row.toolCount,
});

/**
 * The catalogue's categories (decision 055): listed by anyone, changed by admins. Every change is logged in
 * its own transaction and announced on the catalogue's topic, so the kept catalogue answers and pages that
 * show categories are dropped in every process.
 */
export function createCategoryService(db: Database, changes: ChangeFeed) {
  const write = <T>(work: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await changes.announce(tx, CATALOGUE_TOPIC);
      return result;
    });

  /** Refuses a name or slug another category has (ignoring case for names) with a 409 naming the field. */
  async function refuseTaken(tx: Database, { name, slug }: { name: string; slug: string }, except?: string) {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          or(eq(categories.slug, slug), sql`lower(${categories.name}) = lower(${name})`),
          except ? ne(categories.id, except) : undefined,
        ),
      );
    if (taken) throw conflict(categoryMessages.taken);
  }

  async function lockCategory(tx: Database, id: string): Promise<CategoryRow> {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw categoryNotFound();
    return row;
  }

  async function one(tx: Database, id: string): Promise<Category> {
    const [row] = await tx
      .select({ ...categoriesColumns, toolCount })
      .from(categories)
      .where(eq(categories.id, id));
    return toCategory(row!);
  }

  /** Every category in the admins' order, each with its listed tools counted. */
  async function list(): Promise<Category[]> {
    const rows = await db
      .select({ ...categoriesColumns, toolCount })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name));
    return rows.map(toCategory);
  }

  return {
    list,

    /** A new category, listed last; its slug made from its name unless given. */
    async create(input: CategoryInput, actor: Actor): Promise<Category> {
      const values = { ...input, slug: input.slug ?? slugOf(input.name) };
      return write(async (tx) => {
        // Serialises additions, so two at once neither take the same position nor both pass the name check.
        await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
        await refuseTaken(tx, values);
        const [last] = await tx.select({ position: max(categories.position) }).from(categories);
        const [created] = await tx
          .insert(categories)
          .values({ ...values, position: (last?.position ?? 0) + 1 })
          .returning();
        await recordActivity(tx, {
          ...recordedBy(actor),
          kind: 'category.added',
          subject: subjectOf(created!),
          details: { slug: created!.slug, description: created!.description },
        });
        return one(tx, created!.id);
      });
    },

    /** Renames a category or changes its description (and its slug only when one is given). */
    async update(id: string, input: CategoryInput, actor: Actor): Promise<Category> {
      return write(async (tx) => {
        await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
        const before = await lockCategory(tx, id);
        const values = { ...input, slug: input.slug ?? before.slug };
        await refuseTaken(tx, values, id);
        const [after] = await tx.update(categories).set(values).where(eq(categories.id, id)).returning();
        const changed = fieldChanges(editableView(before), editableView(after!));
        if (Object.keys(changed).length > 0) {
          await recordActivity(tx, {
            ...recordedBy(actor),
            kind: 'category.edited',
            subject: subjectOf(after!),
            details: { changes: changed },
          });
        }
        return one(tx, id);
      });
    },

    /** Puts the categories in this order: it must name each of them exactly once (else 409). */
    async reorder(order: string[], actor: Actor): Promise<Category[]> {
      await write(async (tx) => {
        const rows = await tx.select().from(categories).orderBy(asc(categories.position)).for('update');
        const known = new Set(rows.map((row) => row.id));
        if (
          new Set(order).size !== order.length ||
          order.length !== rows.length ||
          !order.every((id) => known.has(id))
        ) {
          throw conflict(categoryMessages.orderMismatch);
        }
        const before = rows.map((row) => row.name);
        for (const [index, id] of order.entries()) {
          await tx
            .update(categories)
            .set({ position: index + 1 })
            .where(eq(categories.id, id));
        }
        const names = new Map(rows.map((row) => [row.id, row.name]));
        await recordActivity(tx, {
          ...recordedBy(actor),
          kind: 'category.reordered',
          subject: { type: 'category', id: 'order', label: 'Categories' },
          details: { changes: { order: { before, after: order.map((id) => names.get(id)!) } } },
        });
      });
      return list();
    },

    /** Deletes an empty category; one that still holds listed tools is refused (409) until they move. */
    async remove(id: string, actor: Actor): Promise<{ deletedCount: number }> {
      return write(async (tx) => {
        const row = await lockCategory(tx, id);
        // Tools are locked too, so that none is moved into the category while it goes.
        const held = await tx
          .select({ id: tools.id })
          .from(tools)
          .where(and(eq(tools.categoryId, id), inCatalogue))
          .for('update');
        if (held.length > 0) throw conflict(categoryMessages.hasTools(held.length));
        await tx.delete(categories).where(eq(categories.id, id));
        await recordActivity(tx, { ...recordedBy(actor), kind: 'category.deleted', subject: subjectOf(row) });
        return { deletedCount: 1 };
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
