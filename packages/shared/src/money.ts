import { CURRENCY_SYMBOL } from './constants';
import { groupThousands } from './number-format';

/** Money is integer cents everywhere except on the wire, where SPEC §7 shows dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whether an amount of dollars is a whole number of cents (a form's "12.5" is, "12.505" is not). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/**
 * An order's total: its quantity times the unit price it was placed at. The database's `order_total_cents`
 * (migration 0015) states the same for the queries that sort or sum by it.
 */
export function orderTotalCents(quantity: number, unitPriceCents: number): number {
  return quantity * unitPriceCents;
}

/** "$18.99": always two decimals, thousands separated. */
export function formatPrice(dollars: number): string {
  const [whole = '', cents = ''] = dollars.toFixed(2).split('.');
  return `${CURRENCY_SYMBOL}${groupThousands(whole)}.${cents}`;
}

/** "$18.99" from integer cents (a cart's amounts). */
export const formatCents = (cents: number): string => formatPrice(centsToDollars(cents));
