import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@toolshop/shared/money';
import type { ListedTool, Tool, ToolImages, ToolInput, ToolUpdate } from '@toolshop/shared/tool';
import type { ToolFacets, ToolFacetsQuery } from '@toolshop/shared/tool-facets';
import { toolFiltersSchema, type ToolListQuery, type ToolPage } from '@toolshop/shared/tool-filters';
import { defaultToolSort } from '@toolshop/shared/tool-sorts';
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
import type { Actor } from '../viewer';
import { createStockService, inCatalogue, onHandBelowReserved } from './stock';
import { toolFacets } from './tool-facets';
import { prepareSearch, toolFilterWhere, toolSortBy } from './tool-query';
import { toListedTool, toolRowColumns, toToolDto, type ToolRow } from './tool-row';

/** How many tools a product's page suggests beside it. */
const RELATED_TOOLS = 4;

const toolNotFound = () => notFound('Tool not found');

/** A tool in the activity log, named as it is after the action. */
const toolSubject = (row: ToolRow): ActivityRecord['subject'] => ({
  type: 'tool',
  id: row.id,
  label: row.name,
});

/** What an edit may change, as the admin reads it (dollars, units on hand), for its log entry. */
const editableView = (row: ToolRow) => ({
  name: row.name,
  price: centsToDollars(row.priceCents),
  onHand: row.onHand,
  minimumOrder: row.minimumOrder,
  description: row.description,
  img: row.img,
  lowStockThreshold: row.lowStockThreshold,
  categoryId: row.categoryId,
});

/**
 * Refuses a category that does not exist (400 on the field). The row is share-locked until the write
 * commits, so a category deleted meanwhile waits for it and then finds the tool in it (decision 055).
 */
async function refuseUnknownCategory(tx: Database, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for('key share');
  if (!row) {
    throw new AppError(400, 'invalid_input', 'Some fields are not valid.', {
      'body.categoryId': 'Choose a category',
    });
  }
}

/** The columns a write sets; the photos' list may be computed from the row it replaces. */
type ToolWrite = Omit<Partial<typeof tools.$inferInsert>, 'gallery'> & { gallery?: string[] | SQL<string[]> };

/** The kind and details of a change's log entry; null when nothing really changed. */
type Logged = Pick<ActivityRecord, 'kind' | 'details'> | null;

export function createToolService(db: Database, changes: ChangeFeed) {
  /** Runs a catalogue write in a transaction that tells every server process, at commit, that it changed. */
  const write = <T>(work: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await changes.announce(tx, CATALOGUE_TOPIC);
      return result;
    });

  /**
   * Updates a tool still in the catalogue and logs the change in the same transaction; an unknown,
   * malformed or deleted id is a 404. The row is locked first, so the logged "before" is what the update
   * replaced. A new count on hand below what unpaid orders hold is refused (409) rather than stored:
   * reserved ≤ on hand.
   */
  async function updateListed(
    id: string,
    values: ToolWrite,
    actor: Actor,
    logged: (before: ToolRow, after: ToolRow) => Logged,
    onHandField = 'availableQuantity',
  ): Promise<ToolRow> {
    return write(async (tx) => {
      const [before] = await tx
        .select(toolRowColumns)
        .from(tools)
        .where(and(eq(tools.id, id), inCatalogue))
        .for('update');
      if (!before) throw toolNotFound();
      await refuseUnknownCategory(tx, values.categoryId);
      if (values.onHand !== undefined && values.onHand < before.reserved) {
        throw onHandBelowReserved(before.reserved, onHandField);
      }
      const [after] = await tx.update(tools).set(values).where(eq(tools.id, id)).returning(toolRowColumns);
      const entry = logged(before, after!);
      if (entry) await recordActivity(tx, { ...recordedBy(actor), ...entry, subject: toolSubject(after!) });
      return after!;
    });
  }

  async function get(id: string): Promise<Tool> {
    const [row] = await db
      .select(toolRowColumns)
      .from(tools)
      .where(and(eq(tools.id, id), inCatalogue));
    if (!row) throw toolNotFound();
    return toToolDto(row);
  }

  return {
    /** What orders and payments change stock through (the tools feature owns it). */
    stock: createStockService(changes),

    /** The whole catalogue, newest first: the home page shows the first six, so new arrivals appear there. */
    async list(): Promise<ListedTool[]> {
      const rows = await db
        .select(toolRowColumns)
        .from(tools)
        .where(inCatalogue)
        .orderBy(...toolSortBy('date-desc'));
      return rows.map(toListedTool);
    },

    /**
     * Every tool of the catalogue, newest first, with its photos, the main one first, and when its page
     * last changed: what the sitemap lists, without the rest of each tool.
     */
    async lastChanges(): Promise<{ id: string; images: string[]; updatedAt: Date }[]> {
      const rows = await db
        .select({ id: tools.id, img: tools.img, gallery: tools.gallery, updatedAt: tools.updatedAt })
        .from(tools)
        .where(inCatalogue)
        .orderBy(...toolSortBy('date-desc'));
      return rows.map(({ img, gallery, ...row }) => ({ ...row, images: [img, ...gallery] }));
    },

    /**
     * One page of the catalogue (the storefront's /tools, Manage All Products): searched, sorted (a search
     * by relevance unless told otherwise), with the total.
     */
    async search(query: ToolListQuery): Promise<ToolPage> {
      const { sort, page, limit, q, ...filters } = toolFiltersSchema.parse(query);
      const search = await prepareSearch(db, q);
      const where = toolFilterWhere({ ...filters, search });
      const order = toolSortBy(sort ?? defaultToolSort(q), search);
      const offset = (page - 1) * limit;
      const countAll = async () => (await db.select({ total: count() }).from(tools).where(where))[0]!.total;
      if (search) {
        // A search reads every tool it finds to rank them: the same pass counts them, one statement
        // rather than two after each other on PGlite's one connection (decision 065).
        const rows = await db
          .select({ ...toolRowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(tools)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
        const total = rows[0]?.total ?? (page > 1 ? await countAll() : 0);
        return { items: rows.map(toToolDto), total, page, limit };
      }
      // A list's page reads its sort's index in order and stops: its total is a statement of its own.
      const [rows, total] = await Promise.all([
        db
          .select(toolRowColumns)
          .from(tools)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        countAll(),
      ]);
      return { items: rows.map(toToolDto), total, page, limit };
    },

    get,

    /** What each choice of the catalogue's filters would show (decision 055). */
    facets: (query: ToolFacetsQuery): Promise<ToolFacets> => toolFacets(db, query),

    /**
     * Up to four other tools for a product's page: of its category first, then the newest of the rest, so
     * a small category still fills the row.
     */
    async related(id: string): Promise<Tool[]> {
      const tool = await get(id);
      const sameCategory = sql`coalesce(${tools.categoryId} = ${tool.categoryId}, false)`;
      const rows = await db
        .select(toolRowColumns)
        .from(tools)
        .where(and(inCatalogue, ne(tools.id, tool._id)))
        .orderBy(desc(sameCategory), ...toolSortBy('date-desc'))
        .limit(RELATED_TOOLS);
      return rows.map(toToolDto);
    },

    async create(input: ToolInput, actor: Actor): Promise<Tool> {
      const { price, availableQuantity, ...rest } = input;
      const row = await write(async (tx) => {
        await refuseUnknownCategory(tx, input.categoryId);
        const [created] = await tx
          .insert(tools)
          .values({ ...rest, onHand: availableQuantity, priceCents: dollarsToCents(price) })
          .returning(toolRowColumns);
        await recordActivity(tx, {
          ...recordedBy(actor),
          kind: 'product.added',
          subject: toolSubject(created!),
          details: {
            price,
            onHand: availableQuantity,
            minimumOrder: input.minimumOrder,
            categoryId: input.categoryId ?? null,
          },
        });
        return created!;
      });
      return toToolDto(row);
    },

    /**
     * Price changes apply to new orders only: placed orders keep the unit price they were placed at, and a
     * new name leaves orders with the name they were placed with. `availableQuantity` here is the count on
     * hand, as in a restock. The log entry lists each field that changed, before → after.
     */
    async update(id: string, input: ToolUpdate, actor: Actor): Promise<Tool> {
      const { price, availableQuantity, ...rest } = input;
      const values = {
        ...rest,
        onHand: availableQuantity,
        priceCents: dollarsToCents(price),
        // A new main photo replaces the old one; were it among the others, it leaves their list.
        gallery: sql<string[]>`array_remove(${tools.gallery}, ${input.img})`,
      };
      const row = await updateListed(id, values, actor, (before, after) => {
        const changes = fieldChanges(editableView(before), editableView(after));
        return Object.keys(changes).length > 0 ? { kind: 'product.edited', details: { changes } } : null;
      });
      return toToolDto(row);
    },

    /**
     * Sets a tool's photos in the admin's order (decision 058): the first becomes its main one, SPEC's
     * `img`. The log entry lists the photos before and after.
     */
    async setImages(id: string, { images }: ToolImages, actor: Actor): Promise<Tool> {
      const [img, ...gallery] = images;
      const row = await updateListed(id, { img: img!, gallery }, actor, (before, after) => {
        const photos = (row: ToolRow) => [row.img, ...row.gallery];
        return JSON.stringify(photos(before)) === JSON.stringify(photos(after))
          ? null
          : {
              kind: 'product.edited',
              details: { changes: { images: { before: photos(before), after: photos(after) } } },
            };
      });
      return toToolDto(row);
    },

    /**
     * Sets the stock on hand (admin restocking). Units held for unpaid orders are part of it, so a later
     * cancel or expiry makes them available without adding them twice.
     */
    async restock(id: string, quantity: number, actor: Actor): Promise<Tool> {
      const row = await updateListed(
        id,
        { onHand: quantity },
        actor,
        (before, after) =>
          before.onHand === after.onHand
            ? null
            : {
                kind: 'product.restocked',
                details: { onHand: { before: before.onHand, after: after.onHand } },
              },
        'restAvailableQuantity',
      );
      return toToolDto(row);
    },

    /** Removes a tool from the shop. The row stays, so past orders keep naming it. */
    async remove(id: string, actor: Actor): Promise<{ deletedCount: number }> {
      await updateListed(id, { deletedAt: new Date() }, actor, () => ({ kind: 'product.deleted' }));
      return { deletedCount: 1 };
    },
  };
}

export type ToolService = ReturnType<typeof createToolService>;
