import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  // Written against zod 4.6: were zod to stop reading its settings from `__zod_globalConfig`, every page
  // with a form would again report a refused eval.
  it('builds its parsers without eval once the root route has loaded', async () => {
    await import('./zod-without-eval');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
