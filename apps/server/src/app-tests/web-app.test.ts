import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { parseEnv } from '../env';
import { createTestDatabase } from '../test/test-database';

// The server hosts the built web app's files next to the API; this file gives it a tiny stand-in client
// build, and no server build: pages themselves are storefront/pages.test.ts's subject.
let app: App;
let handle: DatabaseHandle;

// A bundle big enough to be worth compressing, with the .br and .gz the web build writes beside it.
const bundle = Buffer.from(`console.log(${JSON.stringify('tools '.repeat(500))});`);
const precompressed = { br: brotliCompressSync(bundle), gzip: gzipSync(bundle, { level: 9 }) };
const decompress = { br: brotliDecompressSync, gzip: gunzipSync };

beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(tmpdir(), 'toolshop-web-'));
  const client = path.join(webRoot, 'client');
  await mkdir(path.join(client, 'assets'), { recursive: true });
  await writeFile(path.join(client, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(path.join(client, 'assets', 'bundle-def456.js'), bundle);
  await writeFile(path.join(client, 'assets', 'bundle-def456.js.br'), precompressed.br);
  await writeFile(path.join(client, 'assets', 'bundle-def456.js.gz'), precompressed.gzip);
  await writeFile(path.join(client, 'assets', 'bundle-def456.js.map'), '{"version":3}');
  await writeFile(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  handle = await createTestDatabase();
  await prepareDatabase(handle, { seed: false });
  app = await buildApp({ env: parseEnv({ NODE_ENV: 'test' }), db: handle.db, webRoot });
});

afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('web app hosting', () => {
  it('answers a page address with a JSON 404 when there is no server build to render it', async () => {
    const response = await app.inject({ url: '/blogs' });

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('serves hashed assets with a year of immutable caching', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['br', 'gzip'] as const)(
    'answers Accept-Encoding: %s with the file compressed at build time',
    async (encoding) => {
      const response = await app.inject({
        url: '/assets/bundle-def456.js',
        headers: { 'accept-encoding': encoding },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.rawPayload.equals(precompressed[encoding])).toBe(true);
      expect(decompress[encoding](response.rawPayload).equals(bundle)).toBe(true);
    },
  );

  it.each([
    ['no Accept-Encoding', {}],
    ['Accept-Encoding: identity', { 'accept-encoding': 'identity' }],
    ['only an encoding the build has no file for', { 'accept-encoding': 'deflate' }],
  ])('answers a client with %s with the uncompressed file', async (_case, headers) => {
    const response = await app.inject({ url: '/assets/bundle-def456.js', headers });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(bundle)).toBe(true);
  });

  it('serves no source maps', async () => {
    const response = await app.inject({ url: '/assets/bundle-def456.js.map' });

    expect(response.statusCode).toBe(404);
  });

  it('answers a missing file with 404', async () => {
    const response = await app.inject({ url: '/assets/missing.js' });

    expect(response.statusCode).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/nothing-here' },
    });
  });

  it('answers a non-GET to a page path with a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/blogs' });

    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('OpenAPI document', () => {
  it('is served at /api/docs and describes the public calls', async () => {
    const ui = await app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);

    const response = await app.inject({ url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/tools', '/tools/{id}', '/review', '/health']),
    );
    // GET /tools answers SPEC §7's array, or a page when asked for one (decision 021).
    const [list, page] =
      document.paths['/tools'].get.responses['200'].content['application/json'].schema.anyOf;
    expect(list.items.required).toEqual(
      expect.arrayContaining(['_id', 'price', 'minimumOrder', 'availableQuantity']),
    );
    expect(page.required).toEqual(['items', 'total', 'page', 'limit']);
  });
});
