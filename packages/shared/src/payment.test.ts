import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_CARDS, demoCardSchema, isExpired, passesLuhn } from './payment';

/** Appends the digit that makes `prefix` pass the Luhn check. */
function withCheckDigit(prefix: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (passesLuhn(`${prefix}${digit}`)) return `${prefix}${digit}`;
  }
  throw new Error('unreachable: exactly one check digit fits');
}

describe('passesLuhn', () => {
  it('accepts Stripe’s test cards', () => {
    for (const number of Object.values(DEMO_CARDS)) expect(passesLuhn(number)).toBe(true);
  });

  it('accepts exactly one check digit for any 15-digit prefix, and catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}$/),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 9 }),
        (prefix, position, shift) => {
          const valid = withCheckDigit(prefix);
          expect(passesLuhn(valid)).toBe(true);
          const typo = `${valid.slice(0, position)}${(Number(valid[position]) + shift) % 10}${valid.slice(position + 1)}`;
          expect(passesLuhn(typo)).toBe(false);
        },
      ),
    );
  });

  it('refuses non-digits and impossible lengths', () => {
    expect(passesLuhn('4242-4242-4242-4242')).toBe(false);
    expect(passesLuhn('42')).toBe(false);
  });
});

describe('isExpired', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('keeps a card valid through its expiry month', () => {
    expect(isExpired(11, 26, now)).toBe(false);
    expect(isExpired(12, 2026, now)).toBe(false);
    expect(isExpired(10, 26, now)).toBe(true);
    expect(isExpired(1, 2030, now)).toBe(false);
  });
});

describe('demoCardSchema', () => {
  it('accepts spaces in the number and normalises them away', () => {
    const card = demoCardSchema.parse({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '1234' });
    expect(card.cardNumber).toBe('4242424242424242');
  });
});
