import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal of `values` (`{"a","b",NULL}`), to send as one parameter cast to `text[]` or
 * `uuid[]`: each element quoted, its quotes and backslashes escaped, so that any string survives as is;
 * null is SQL's null.
 */
export const arrayLiteral = (values: readonly (string | null)[]): string =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/** `values` as one parameter of SQL type `type[]` (`uuid`, `text`, `integer`, `boolean`…). */
export const typedArray = (values: readonly (string | number | boolean | null)[], type: string): SQL =>
  sql`${arrayLiteral(values.map((value) => (value === null ? null : String(value))))}::${sql.raw(type)}[]`;
