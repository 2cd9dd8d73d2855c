import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../db/change-feed';
import { createKeptPages, type RenderedPage } from './kept-pages';

// The kept pages against a feed the test speaks for, and a clock it moves (Date only: nothing here waits).
function fakeFeed() {
  const listeners = new Set<ChangeListener>();
  const feed = {
    subscribe(listener: ChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isCacheable: () => true,
  } as unknown as ChangeFeed;
  return {
    feed,
    announce: (topic: string, subjects?: string[]) => listeners.forEach((l) => l(topic, subjects)),
  };
}

let renders = 0;
const page = (status = 200, subjects = ['tool-1']): RenderedPage => {
  renders += 1;
  return {
    text: `rendering ${renders}`,
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    dependencies: [{ topic: 'catalogue', subjects }],
  };
};
const served = async (promise: Promise<{ identity: Buffer }>) => (await promise).identity.toString();

describe('kept pages', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a search for a minute, and no more than its number of searches', async () => {
    const { feed } = fakeFeed();
    const kept = createKeptPages(feed, { maxSearches: 2, searchTtlMs: 60_000 });
    const search = (address: string) => served(kept.serve(address, async () => page()));

    const first = await search('/tools?q=a');
    expect(await search('/tools?q=a')).toBe(first);
    vi.advanceTimersByTime(60_001);
    const renewed = await search('/tools?q=a');
    expect(renewed).not.toBe(first);

    await search('/tools?q=b');
    await search('/tools?q=c'); // the third: the least recently used (q=a) goes
    expect(await search('/tools?q=c')).toBe(await search('/tools?q=c'));
    expect(await search('/tools?q=a')).not.toBe(renewed);
  });

  it('serves a dropped page’s copy while its new rendering fails, for five minutes at most', async () => {
    const { feed, announce } = fakeFeed();
    const kept = createKeptPages(feed, { staleIfErrorMs: 5 * 60_000, retryMs: 5_000 });
    let failing = false;
    const product = () => served(kept.serve('/tools/1', async () => page(failing ? 503 : 200)));

    const copy = await product();
    announce('catalogue', ['tool-1']);
    failing = true;
    expect(await product()).toBe(copy);
    const tries = renders;
    expect(await product()).toBe(copy); // within the pause after a failure: not even tried
    expect(renders).toBe(tries);

    vi.advanceTimersByTime(5 * 60_000 + 1);
    expect(await product()).toMatch(/^rendering/);
    expect(await product()).not.toBe(copy); // the 503 page itself: the copy is too old
  });

  it('keeps nothing that a change it shows overlapped, and drops nothing a change did not touch', async () => {
    const { feed, announce } = fakeFeed();
    const kept = createKeptPages(feed);
    const overlapped = await served(
      kept.serve('/tools/1', async () => {
        announce('catalogue', ['tool-1']);
        return page();
      }),
    );
    const after = await served(kept.serve('/tools/1', async () => page()));
    expect(after).not.toBe(overlapped);

    announce('catalogue', ['tool-2']);
    announce('reviews');
    expect(await served(kept.serve('/tools/1', async () => page()))).toBe(after);
    announce('catalogue');
    expect(await served(kept.serve('/tools/1', async () => page()))).not.toBe(after);
  });
});
