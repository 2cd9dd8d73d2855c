import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The rows of a raw statement that answers whole rows of `table` (a function's `RETURNS SETOF`), as
 * Drizzle's own select would give them: each column under its key, its value mapped from the driver's.
 */
export function rowsOf<T extends PgTable>(table: T, result: unknown): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return (result as { rows: Record<string, unknown>[] }).rows.map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
}
