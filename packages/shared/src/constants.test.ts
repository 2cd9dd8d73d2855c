import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './constants';

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles up to 30 s (SPEC §9)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
