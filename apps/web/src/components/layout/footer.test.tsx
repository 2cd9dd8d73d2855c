import { describe, expect, it } from 'vitest';
import { copyrightYears } from './footer';

describe('copyrightYears', () => {
  it('runs from 2022 to the current year', () => {
    expect(copyrightYears(new Date('2026-11-21'))).toBe('2022–2026');
  });

  it('is just 2022 in 2022', () => {
    expect(copyrightYears(new Date('2022-06-01'))).toBe('2022');
  });
});
