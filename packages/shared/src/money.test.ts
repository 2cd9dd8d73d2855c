import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatPrice } from './money';

describe('money', () => {
  it('round-trips every cent amount through dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('formats dollars with two decimals and thousands separators', () => {
    expect(formatPrice(18.99)).toBe('$18.99');
    expect(formatPrice(129)).toBe('$129.00');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('writes every amount in cents as the en-US number format does', () => {
    const enUs = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        const dollars = centsToDollars(cents);
        expect(formatPrice(dollars)).toBe(`$${enUs.format(dollars)}`);
      }),
    );
  });
});
