import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the files of the web app's client build (scripts, styles, images) at /; its pages are rendered by
 * storefront/pages.ts. The build carries a .br and a .gz beside each compressible file (decision 017): they
 * are sent as they are, chosen by the request's Accept-Encoding, so nothing here is compressed per request.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  if (existsSync(options.root)) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps are for developers, not for the public (the production build makes none).
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // Our own cache rules below, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts content hashes in every file name under assets/: they never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        // The same URL answers br, gzip or plain bytes: caches must keep them apart (the plugin does not say so).
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
});
