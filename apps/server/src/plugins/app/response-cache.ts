import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed';

/**
 * A response body serialized once and served to every request until its topic changes. Each compressed
 * form is made the first time a client asks for it, then kept with the body.
 */
export interface CachedBody {
  /** The tag of the uncompressed body; each encoding's own tag derives from it (representationTag). */
  etag: string;
  contentType: string;
  /** 200 unless the producer said otherwise; only a 200 is kept. */
  status: number;
  /** Headers of this body besides its type (a rendered page's own Content-Security-Policy). */
  headers: Record<string, string>;
  identity: Buffer;
  encoded(encoding: 'br' | 'gzip'): Buffer;
}

export interface ResponseCache {
  /**
   * The cached body under `key`, or `produce`'s answer, serialized, compressed and kept until `topic`
   * changes. Concurrent misses for one key share one `produce`.
   */
  get(topic: string | readonly string[], key: string, produce: () => Promise<Produced>): Promise<CachedBody>;
  /** Sends a cached body in the encoding the client accepts, or 304 when it already has it. */
  send: typeof sendCachedBody;
  /**
   * Answers a GET from the cache, keyed by its URL (path and query), producing the body on a miss. The
   * reply is sent here: a handler returns this promise.
   */
  serve(
    request: FastifyRequest,
    reply: FastifyReply,
    topic: string,
    produce: () => Promise<unknown>,
  ): Promise<void>;
}

/**
 * A body to keep: JSON to serialize, or text as it is (a page, a sitemap) with its status and headers,
 * `content-type` among them.
 */
export type Produced =
  { json: unknown } | { text: string; status?: number; headers?: Record<string, string> };

export interface ResponseCacheOptions {
  /** Most bodies kept at once: catalogue searches make many keys; the least recently used go first. */
  maxEntries?: number;
}

interface Entry {
  topics: readonly string[];
  body: CachedBody;
}

export function encodeBody(produced: Produced): CachedBody {
  const { 'content-type': contentType = 'application/json; charset=utf-8', ...headers } =
    'json' in produced ? {} : (produced.headers ?? {});
  const identity = Buffer.from('json' in produced ? JSON.stringify(produced.json) : produced.text);
  const compressed: Partial<Record<'br' | 'gzip', Buffer>> = {};
  return {
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    contentType,
    status: 'json' in produced ? 200 : (produced.status ?? 200),
    headers,
    identity,
    encoded(encoding) {
      // Bodies change on every order, so compression is moderate: quick to redo, still small.
      compressed[encoding] ??=
        encoding === 'gzip'
          ? gzipSync(identity, { level: 6 })
          : brotliCompressSync(identity, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
              },
            });
      return compressed[encoding];
    },
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (a `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

const TAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/**
 * Each encoding is a representation of its own with its own bytes, so a strong tag of its own (RFC 9110
 * §8.8.3): a cache can never answer a client that cannot read brotli with the brotli bytes (decision 040).
 */
export function representationTag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}${TAG_SUFFIX[encoding]}"`;
}

function ifNoneMatchIncludes(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === etag || candidate === '*';
  });
}

/**
 * `cacheControl` defaults to `no-cache`: a browser (or a shared cache) may keep the body but asks each
 * time; a 304 costs a few bytes.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl = 'no-cache',
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = representationTag(body.etag, encoding);
  void reply
    .headers(body.headers)
    .header('etag', etag)
    .header('vary', 'Accept-Encoding')
    .header('cache-control', cacheControl);
  // The client's copy is current if it is the representation it would get now, or the uncompressed one,
  // which every client reads; the 304 names the copy it confirms.
  const current = [etag, body.etag].find((tag) => ifNoneMatchIncludes(request.headers['if-none-match'], tag));
  if (body.status === 200 && current) return reply.header('etag', current).code(304).send();
  void reply.code(body.status).header('content-type', body.contentType);
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}

export function createResponseCache(feed: ChangeFeed, { maxEntries = 500 }: ResponseCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedBody>>();
  /** Bumped on every change of a topic: a body read before the change is not kept after it. */
  const generations = new Map<string, number>();
  /** Bumped by '*' (the listener was lost): a topic never seen before changes with it too. */
  let everything = 0;

  feed.subscribe((topic) => {
    if (topic === '*') {
      everything += 1;
      entries.clear();
      inFlight.clear();
      for (const key of generations.keys()) generations.set(key, (generations.get(key) ?? 0) + 1);
      return;
    }
    generations.set(topic, (generations.get(topic) ?? 0) + 1);
    for (const [key, entry] of entries) if (entry.topics.includes(topic)) entries.delete(key);
    for (const key of inFlight.keys())
      if (key.split(' ', 1)[0]!.split(',').includes(topic)) inFlight.delete(key);
  });

  /** A sum that grows whenever any of the topics changes, or everything may have ('*'). */
  const generationOf = (topics: readonly string[]) =>
    topics.reduce((sum, topic) => sum + (generations.get(topic) ?? 0), everything);

  const cache: ResponseCache = {
    get(topicOrTopics, key, produce) {
      const topics = typeof topicOrTopics === 'string' ? [topicOrTopics] : topicOrTopics;
      const slot = `${topics.join(',')} ${key}`;
      const hit = entries.get(slot);
      if (hit) {
        // Most recently used last, so eviction takes the oldest.
        entries.delete(slot);
        entries.set(slot, hit);
        return Promise.resolve(hit.body);
      }
      const pending = inFlight.get(slot);
      if (pending) return pending;

      const generation = generationOf(topics);
      const topicsCacheable = () => topics.every((topic) => feed.isCacheable(topic));
      const cacheable = topicsCacheable();
      const filling = produce()
        .then(encodeBody)
        .then((body) => {
          if (cacheable && body.status === 200 && topicsCacheable() && generationOf(topics) === generation) {
            entries.set(slot, { topics, body });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          }
          return body;
        })
        .finally(() => {
          if (inFlight.get(slot) === filling) inFlight.delete(slot);
        });
      if (cacheable) inFlight.set(slot, filling);
      return filling;
    },
    send: sendCachedBody,
    async serve(request, reply, topic, produce) {
      const body = await cache.get(topic, request.url, async () => ({ json: await produce() }));
      sendCachedBody(request, reply, body);
    },
  };
  return cache;
}
