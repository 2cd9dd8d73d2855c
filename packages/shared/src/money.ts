import { CURRENCY_SYMBOL } from './constants';

/** Money is integer cents everywhere except on the wire, where SPEC §7 shows dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$18.99": always two decimals, thousands separated. */
export function formatPrice(dollars: number): string {
  return `${CURRENCY_SYMBOL}${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
