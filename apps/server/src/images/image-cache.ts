export interface ImageCache {
  /** The cached bytes of `id`, else `load(id)`'s; concurrent misses of one id share a single load. */
  get(id: string, load: (id: string) => Promise<Buffer | null>): Promise<Buffer | null>;
}

/**
 * An in-memory LRU of image bytes, bounded by their total size. Safe in every process of a shared-nothing
 * deployment because an image never changes once stored: a cached copy cannot go stale (decision 016).
 */
export function createImageCache({ maxBytes }: { maxBytes: number }): ImageCache {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const entries = new Map<string, Buffer>();
  const loading = new Map<string, Promise<Buffer | null>>();
  let totalBytes = 0;

  const forget = (id: string) => {
    const data = entries.get(id);
    if (!data) return;
    entries.delete(id);
    totalBytes -= data.length;
  };

  const remember = (id: string, data: Buffer) => {
    if (data.length > maxBytes) return;
    forget(id);
    entries.set(id, data);
    totalBytes += data.length;
    for (const [oldest] of entries) {
      if (totalBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return {
    async get(id, load) {
      const cached = entries.get(id);
      if (cached) {
        entries.delete(id);
        entries.set(id, cached);
        return cached;
      }
      let pending = loading.get(id);
      if (!pending) {
        pending = load(id)
          .then((data) => {
            if (data) remember(id, data);
            return data;
          })
          .finally(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },
  };
}
