import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Order } from '@toolshop/shared/order';
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
import type { Database } from '../db/client';
import { orderRowColumns, orderTotalSql } from '../db/order-status';
import { orderLines, orders } from '../db/schema';
import { assertSelfOrAdmin, type UserService } from '../users/service';
import type { Viewer } from '../viewer';
import { toOrderDto } from './order-dto';
import type { ExportedLine } from './order-export';
import { orderFilterWhere, orderSortBy } from './order-query';

/** The order lists: a customer's own, and every order for admins, in pages or as SPEC §7's plain array. */
export function createOrderListing(db: Database, users: UserService) {
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

  return {
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

    /** Every line of the orders the filters select, in their sort: what GET /order/export.csv writes. */
    async exportAll(filters: OrderExportQuery): Promise<ExportedLine[]> {
      const rows = await db
        .select({
          row: orderRowColumns,
          orderTotalCents: sql<string>`${orderTotalSql(orders.id, orders.shippingCents)}::text`,
          line: {
            position: orderLines.position,
            toolName: orderLines.toolName,
            quantity: orderLines.quantity,
            unitPriceCents: orderLines.unitPriceCents,
          },
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(orderFilterWhere(filters))
        .orderBy(...orderSortBy(filters.sort), asc(orderLines.position));
      return rows.map(({ row, orderTotalCents, line }) => ({
        order: toOrderDto(row),
        number: row.number,
        shippingCents: row.shippingCents,
        // Numeric in SQL, read as text: exact on both engines.
        orderTotalCents: Number(orderTotalCents),
        line,
      }));
    },
  };
}
