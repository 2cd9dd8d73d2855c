import { getTableColumns, is, SQL, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A value for one column of the inserted row: a plain value (sent as a parameter), an SQL expression or a column. */
type RowValue = SQL | AnyColumn | string | number | boolean | null;

/**
 * The select list of an `INSERT INTO table SELECT …` that inserts one row per source row: `values` for the
 * columns given, and every other column's own default (or null), in the table's column order as Drizzle's
 * insert-select requires. It lets one statement insert a row built from a data-modifying CTE, e.g. an
 * order from the stock its statement reserves (orders/service.ts).
 */
export function insertSelectList<T extends PgTable>(
  table: T,
  values: Partial<Record<keyof T['$inferInsert'], RowValue>>,
): { [K in keyof T['$inferInsert']]-?: SQL.Aliased } {
  const list = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const given = (values as Record<string, RowValue | undefined>)[key];
      const value =
        given !== undefined
          ? sql`${given}`
          : column.default !== undefined
            ? is(column.default, SQL)
              ? column.default
              : sql`${column.default}`
            : sql`null`;
      return [key, sql`(${value})::${sql.raw(column.getSQLType())}`.as(column.name)];
    }),
  );
  return list as { [K in keyof T['$inferInsert']]-?: SQL.Aliased };
}
