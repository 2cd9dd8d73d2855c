import { describe, expect, it } from 'vitest';
import { createImageCache } from './image-cache';

function countingLoader(bytes: number) {
  const calls: string[] = [];
  const load = async (id: string) => {
    calls.push(id);
    return id === 'missing' ? null : Buffer.alloc(bytes, id);
  };
  return { load, calls };
}

describe('image cache', () => {
  it('loads an image once for concurrent and later reads', async () => {
    const cache = createImageCache({ maxBytes: 100 });
    const loader = countingLoader(10);

    const together = await Promise.all([cache.get('a', loader.load), cache.get('a', loader.load)]);
    const later = await cache.get('a', loader.load);

    expect(loader.calls).toEqual(['a']);
    expect(together[0]!.equals(later!)).toBe(true);
  });

  it('keeps at most maxBytes, dropping the least recently read image first', async () => {
    const cache = createImageCache({ maxBytes: 25 });
    const loader = countingLoader(10);

    await cache.get('a', loader.load);
    await cache.get('b', loader.load);
    await cache.get('a', loader.load); // a is now the most recently read
    await cache.get('c', loader.load); // 30 bytes: b goes
    await cache.get('a', loader.load);
    await cache.get('b', loader.load);

    expect(loader.calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not remember an image that is not there', async () => {
    const cache = createImageCache({ maxBytes: 100 });
    const loader = countingLoader(10);

    expect(await cache.get('missing', loader.load)).toBeNull();
    expect(await cache.get('missing', loader.load)).toBeNull();

    expect(loader.calls).toEqual(['missing', 'missing']);
  });
});
