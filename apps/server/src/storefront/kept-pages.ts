import type { ChangeFeed } from '../db/change-feed';
import { encodeBody, type CachedBody } from '../plugins/app/response-cache';
import { changes, type PageDependency } from './page-dependencies';

/** A page as the web app rendered it, with what it shows of the data that changes. */
export interface RenderedPage {
  text: string;
  status: number;
  headers: Record<string, string>;
  dependencies: readonly PageDependency[];
}

export interface KeptPagesOptions {
  /** Pages of plain addresses kept at once (the least recently used go first). */
  maxPages?: number;
  /** Searches (addresses with a query string) kept at once, each for `searchTtlMs` at most. */
  maxSearches?: number;
  searchTtlMs?: number;
  /** How long a dropped or expired page may still be served while its new rendering fails with a 503. */
  staleIfErrorMs?: number;
  /** After a failed refresh, how long its old copy is served without trying again. */
  retryMs?: number;
}

export interface KeptPages {
  /**
   * The page kept under `address`, or `render`'s, kept when it is a 200 and no change it shows happened
   * while it rendered. A render that answers 503 (the database is away) is replaced by the page's previous
   * copy while there is one. `render` is told whether it refreshes a page that had one (`refresh`).
   */
  serve(address: string, render: (refresh: boolean) => Promise<RenderedPage>): Promise<CachedBody>;
}

interface Entry {
  body: CachedBody;
  dependencies: readonly PageDependency[];
  /** Searches only: when it goes (plain pages go only when a change drops them). */
  expiresAt: number;
  /** When a change dropped it: from then on it is only a copy for a refresh that fails. */
  droppedAt?: number;
  /** When its refresh last failed. */
  failedAt?: number;
}

interface Heard {
  number: number;
  topic: string;
  subjects: readonly string[] | undefined;
}

// The changes remembered for renders still under way; a render older than all of them is not kept.
const HEARD_KEPT = 256;

/**
 * The server-rendered pages kept for anonymous visitors (decision 035). A change drops only the pages that
 * show what it changed (their dependencies, read from what each page read of the API), and every server
 * process hears of every change through the change feed. A dropped page is kept aside for a few minutes:
 * should the database be away when it is rendered again, the visitor gets the previous copy rather than a
 * 503 ("stale-if-error").
 */
export function createKeptPages(
  feed: ChangeFeed,
  {
    maxPages = 300,
    maxSearches = 100,
    searchTtlMs = 60_000,
    staleIfErrorMs = 5 * 60_000,
    retryMs = 5_000,
  }: KeptPagesOptions = {},
): KeptPages {
  const pages = new Map<string, Entry>();
  const searches = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedBody>>();
  let heardCount = 0;
  const heard: Heard[] = [];

  feed.subscribe((topic, subjects) => {
    heardCount += 1;
    heard.push({ number: heardCount, topic, subjects });
    if (heard.length > HEARD_KEPT) heard.shift();
    // A render under way may show what changed: a visitor who asks from now on gets a render of their own.
    inFlight.clear();
    const now = Date.now();
    for (const pool of [pages, searches]) {
      for (const entry of pool.values()) {
        if (!entry.dependencies.some((dependency) => changes(dependency, topic, subjects))) continue;
        entry.droppedAt ??= now;
        // Whatever failed before this change may succeed after it (the database is back).
        entry.failedAt = undefined;
      }
    }
  });

  /** Whether a change that `dependencies` show may have happened since change number `since`. */
  const changedSince = (dependencies: readonly PageDependency[], since: number) =>
    since < heardCount - heard.length ||
    heard.some(
      ({ number, topic, subjects }) =>
        number > since && dependencies.some((dependency) => changes(dependency, topic, subjects)),
    );

  function keep(pool: Map<string, Entry>, address: string, entry: Entry) {
    pool.delete(address);
    pool.set(address, entry);
    if (pool.size > (pool === pages ? maxPages : maxSearches)) pool.delete(pool.keys().next().value!);
  }

  return {
    serve(address, render) {
      const pool = address.includes('?') ? searches : pages;
      const now = Date.now();
      const entry = pool.get(address);
      if (entry && entry.droppedAt === undefined && entry.expiresAt > now) {
        keep(pool, address, entry); // most recently used last: eviction takes the oldest
        return Promise.resolve(entry.body);
      }
      const copy = entry && now - (entry.droppedAt ?? entry.expiresAt) < staleIfErrorMs ? entry : undefined;
      if (entry && !copy) pool.delete(address);
      if (copy?.failedAt !== undefined && now - copy.failedAt < retryMs) return Promise.resolve(copy.body);
      const pending = inFlight.get(address);
      if (pending) return pending;

      const since = heardCount;
      const filling = render(copy !== undefined)
        .then((page) => {
          if (page.status === 503 && copy) {
            copy.failedAt = Date.now();
            return copy.body;
          }
          const body = encodeBody(page);
          const { dependencies } = page;
          const keepable =
            page.status === 200 &&
            !changedSince(dependencies, since) &&
            dependencies.every((dependency) => feed.isCacheable(dependency.topic));
          if (keepable) {
            const expiresAt = pool === searches ? Date.now() + searchTtlMs : Infinity;
            keep(pool, address, { body, dependencies, expiresAt });
          }
          return body;
        })
        .finally(() => {
          if (inFlight.get(address) === filling) inFlight.delete(address);
        });
      inFlight.set(address, filling);
      return filling;
    },
  };
}
