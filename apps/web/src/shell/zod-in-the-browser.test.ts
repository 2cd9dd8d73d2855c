import { describe, expect, it } from 'vitest';
import './zod-in-the-browser';
import { z } from 'zod';

describe('zod in the browser', () => {
  it('builds no parser with eval, which the Content-Security-Policy forbids', () => {
    expect(z.config().jitless).toBe(true);
  });
});
