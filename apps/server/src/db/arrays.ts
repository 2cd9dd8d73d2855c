/**
 * A PostgreSQL array literal of `values` (`{"a","b"}`), to send as one parameter cast to `text[]` or
 * `uuid[]`: each element quoted, its quotes and backslashes escaped, so that any string survives as is.
 */
export const arrayLiteral = (values: readonly string[]): string =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
