import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../../db/change-feed';
import { createResponseCache, preferredEncoding } from './response-cache';

/** A feed driven by the test: `change(topic)` is what a committed announcement does on every process. */
function fakeFeed() {
  const listeners = new Set<ChangeListener>();
  let cacheable = true;
  const feed: ChangeFeed = {
    announce: async () => {},
    announcement: () => ({ payload: '', made: () => {}, committed: () => {} }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isCacheable: () => cacheable,
    close: async () => {},
  };
  return {
    feed,
    change: (topic: string) => listeners.forEach((listener) => listener(topic)),
    setCacheable: (value: boolean) => (cacheable = value),
  };
}

function counter(value: () => unknown = () => ({ n: 1 })) {
  let calls = 0;
  return {
    produce: async () => {
      calls += 1;
      return { json: value() };
    },
    get calls() {
      return calls;
    },
  };
}

describe('response cache', () => {
  it('produces a body once and serves it until its topic changes', async () => {
    const { feed, change } = fakeFeed();
    const cache = createResponseCache(feed);
    const source = counter();
    await cache.get('tools', '/api/tools', source.produce);
    await cache.get('tools', '/api/tools', source.produce);
    expect(source.calls).toBe(1);

    change('reviews');
    await cache.get('tools', '/api/tools', source.produce);
    expect(source.calls).toBe(1);

    change('tools');
    await cache.get('tools', '/api/tools', source.produce);
    expect(source.calls).toBe(2);

    change('*');
    await cache.get('tools', '/api/tools', source.produce);
    expect(source.calls).toBe(3);
  });

  it('does not keep a body read before a change that happened while it was being read', async () => {
    const { feed, change } = fakeFeed();
    const cache = createResponseCache(feed);
    let release!: () => void;
    const slowRead = cache.get('tools', 'k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { json: 'old' };
    });
    change('tools');
    release();
    expect((await slowRead).identity.toString()).toBe('"old"');

    const fresh = await cache.get('tools', 'k', async () => ({ json: 'new' }));
    expect(fresh.identity.toString()).toBe('"new"');
  });

  it('does not keep a body of topics never changed before, read across a lost listener (*)', async () => {
    const { feed, change } = fakeFeed();
    const cache = createResponseCache(feed);
    let release!: () => void;
    const slowRead = cache.get(['catalogue', 'reviews'], '/', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { text: 'old page', headers: { 'content-type': 'text/html; charset=utf-8' } };
    });
    change('*');
    release();
    await slowRead;

    const fresh = await cache.get(['catalogue', 'reviews'], '/', async () => ({ text: 'new page' }));
    expect(fresh.identity.toString()).toBe('new page');
  });

  it('keeps nothing while the feed says the topic may not be cached', async () => {
    const { feed, setCacheable } = fakeFeed();
    const cache = createResponseCache(feed);
    const source = counter();
    setCacheable(false);
    await cache.get('tools', 'k', source.produce);
    await cache.get('tools', 'k', source.produce);
    expect(source.calls).toBe(2);
  });

  it('shares one read between concurrent misses of the same key', async () => {
    const { feed } = fakeFeed();
    const cache = createResponseCache(feed);
    const source = counter();
    await Promise.all(Array.from({ length: 10 }, () => cache.get('tools', 'k', source.produce)));
    expect(source.calls).toBe(1);
  });

  it('forgets the least recently used body beyond its size', async () => {
    const { feed } = fakeFeed();
    const cache = createResponseCache(feed, { maxEntries: 2 });
    const source = counter();
    await cache.get('t', 'a', source.produce);
    await cache.get('t', 'b', source.produce);
    await cache.get('t', 'a', source.produce);
    await cache.get('t', 'c', source.produce);
    expect(source.calls).toBe(3);
    await cache.get('t', 'a', source.produce);
    expect(source.calls).toBe(3);
    await cache.get('t', 'b', source.produce);
    expect(source.calls).toBe(4);
  });
});

describe('serving a cached body', () => {
  async function serve() {
    const { feed } = fakeFeed();
    const cache = createResponseCache(feed);
    const app = Fastify();
    const payload = { tools: Array.from({ length: 50 }, (_, i) => ({ name: `Tool ${i}` })) };
    app.get('/x', async (request, reply) =>
      cache.send(request, reply, await cache.get('x', 'x', async () => ({ json: payload }))),
    );
    await app.ready();
    return { app, payload };
  }

  it('answers in the encoding asked for, with a strong ETag, and 304 when the client has it', async () => {
    const { app, payload } = await serve();
    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json()).toEqual(payload);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const gzip = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(payload);

    const br = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(payload);
    expect(br.headers.etag).not.toBe(etag);

    const again = await app.inject({ url: '/x', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/x', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('gives each encoding its own ETag, and answers 304 to each one', async () => {
    const { app } = await serve();
    const encodings = ['identity', 'gzip', 'br'];
    const get = (encoding: string, ifNoneMatch?: string) =>
      app.inject({
        url: '/x',
        headers: { 'accept-encoding': encoding, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });

    const tags = await Promise.all(encodings.map(async (encoding) => (await get(encoding)).headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);

    const revalidated = await Promise.all(encodings.map((encoding, i) => get(encoding, tags[i])));
    expect(revalidated.map((response) => [response.statusCode, response.headers.etag])).toEqual(
      tags.map((tag) => [304, tag]),
    );
    // A copy the client cannot read is not confirmed; the uncompressed one every client reads is.
    const [identityTag, , brTag] = tags as string[];
    expect((await get('identity', brTag)).statusCode).toBe(200);
    const identityCopy = await get('br', `${brTag!.replace(/-br"$/, '-other"')}, ${identityTag}`);
    expect([identityCopy.statusCode, identityCopy.headers.etag]).toEqual([304, identityTag]);
  });

  it('sends text as it is, with the type and the headers its producer gave', async () => {
    const cache = createResponseCache(fakeFeed().feed);
    const app = Fastify();
    app.get('/sitemap.xml', async (request, reply) =>
      cache.send(
        request,
        reply,
        await cache.get('x', 'sitemap', async () => ({
          text: '<urlset/>',
          headers: { 'content-type': 'application/xml; charset=utf-8', 'x-robots-tag': 'noindex' },
        })),
      ),
    );

    const response = await app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toBe('<urlset/>');
  });

  it('honours q=0', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
