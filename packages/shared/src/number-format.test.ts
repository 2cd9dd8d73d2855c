import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './number-format';

describe('formatCount', () => {
  it('writes every whole count as the en-US number format does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
  });

  it('groups thousands', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(5_000_000)).toBe('5,000,000');
  });
});
