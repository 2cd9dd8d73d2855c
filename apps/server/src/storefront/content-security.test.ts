import { describe, expect, it } from 'vitest';
import { isExecutable, runsUnder } from '../test/script-policy';
import { newScriptNonce, policyForPage } from './content-security';

const BASE = "default-src 'self';script-src 'self';object-src 'none'";

/** A rendered page as the web app writes it, its own scripts carrying `nonce`, with `content` in its body. */
const pageWith = (nonce: string, content: string) =>
  `<html><head><script type="application/ld+json">{"@type":"Product"}</script></head><body><main>${content}</main>` +
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${nonce}">(function startAfterPaint(){})("import('/assets/entry.client.js')",[],"${nonce}")</script>` +
  '</body></html>';

const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map(([tag]) => tag);

describe('the Content-Security-Policy of a rendered page', () => {
  it('runs the shop’s own scripts and none that an HTML-injection bug put into the page', () => {
    const nonce = newScriptNonce();
    const injected = ['<script>alert(1)</script>', '<script nonce="guessed">alert(2)</script>'];
    const html = pageWith(nonce, `A review ${injected.join(' and ')}`);
    const policy = policyForPage(BASE, nonce);

    for (const tag of scriptsOf(html)) {
      const own = !injected.includes(tag);
      expect(runsUnder(policy, tag), tag).toBe(own && isExecutable(tag));
    }
    expect(policy).toMatch(/^default-src 'self';script-src 'self' 'nonce-[\w+/=]+';object-src 'none'$/);
  });

  it('gives each rendering a nonce nobody could know before it was made', () => {
    const nonces = new Set(Array.from({ length: 100 }, newScriptNonce));

    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
