import type { FastifyReply } from 'fastify';
import { storefrontNotices, type PageNotice } from '@toolshop/shared/storefront-notices';
import type { LineRefusal } from '../lib/bounded-line';

/** Seconds a visitor refused by the render line is asked to wait: a render takes a fraction of one. */
export const RENDER_RETRY_AFTER_SECONDS = 2;

/**
 * A page written once, with no script and no data: a refusal must cost less than the render it spares.
 */
const noticePage = ({ title, text }: PageNotice) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center"><main><h1>${title}</h1><p>${text}</p><p><a href="/">Back to home</a></p></main></body></html>`;

const TOO_MANY = noticePage(storefrontNotices.tooMany);
const BUSY = noticePage(storefrontNotices.busy);

/**
 * Answers a page request the render line refused: 429 when its client already had its share of the line,
 * 503 when the line was full; both say when to come back.
 */
export function sendRefusal(reply: FastifyReply, refusal: LineRefusal): FastifyReply {
  const ownShare = refusal.reason === 'client';
  return reply
    .code(ownShare ? 429 : 503)
    .header('retry-after', RENDER_RETRY_AFTER_SECONDS)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(ownShare ? TOO_MANY : BUSY);
}
