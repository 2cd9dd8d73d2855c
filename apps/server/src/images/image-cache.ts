import { LRUCache } from 'lru-cache';

export interface ImageCache {
  /** The cached bytes of `id`, else `load(id)`'s; concurrent misses of one id share a single load. */
  get(id: string, load: (id: string) => Promise<Buffer | null>): Promise<Buffer | null>;
}

type Load = (id: string) => Promise<Buffer | null>;

/**
 * An in-memory LRU of image bytes, bounded by their total size. Safe in every process of a shared-nothing
 * deployment because an image never changes once stored: a cached copy cannot go stale (decision 016).
 */
export function createImageCache({ maxBytes }: { maxBytes: number }): ImageCache {
  // lru-cache's fetch runs one load per missing key, however many readers wait for it; an image that is
  // not there (undefined) is not remembered, and one larger than the whole cache is not kept.
  const entries = new LRUCache<string, Buffer, Load>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes,
    sizeCalculation: (data) => data.length,
    fetchMethod: async (id, _stale, { context: load }) => (await load(id)) ?? undefined,
  });

  return {
    get: async (id, load) => (await entries.fetch(id, { context: load })) ?? null,
  };
}
