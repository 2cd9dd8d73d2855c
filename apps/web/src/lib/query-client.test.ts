import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { pageQueryClient } from './query-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// A timer left behind by a server-rendered page holds the whole rendering until it fires (decision 039,
// amended): the page's cache must leave none, whatever it was given.
it("leaves no timer behind for a server-rendered page's cache", () => {
  const client = pageQueryClient();
  client.setQueryData(['session'], { id: 'u1' });
  client.setQueryData(['tools', 'page', 1], { items: [] });
  expect(vi.getTimerCount()).toBe(0);
});
