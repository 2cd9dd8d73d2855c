/**
 * RFC 4180 CSV: CRLF between records, a field quoted when it holds a comma, a quote, CR or LF, quotes
 * doubled. Text that a spreadsheet would read as a formula (leading =, +, -, @, tab or CR) is prefixed with
 * an apostrophe, so opening an export never runs a cell (OWASP "CSV injection"). Numbers are written as
 * they are: a negative amount stays a number.
 */
export type CsvCell = string | number | null | CsvDecimal;

/** An exact decimal written as it is (money); made by {@link centsCell}. */
export interface CsvDecimal {
  readonly decimal: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return cell.decimal;
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the records, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** Integer cents as a plain decimal ("1234.50"): exact, no currency sign, no thousands separator. */
export function centsCell(cents: number): CsvDecimal {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return { decimal: `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}
