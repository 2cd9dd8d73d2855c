import { createHash } from 'node:crypto';

// Inline scripts of a rendered page: React Router's hydration data and module loader, ScrollRestoration.
// JSON-LD is data, not code: browsers never run it, so it needs no hash.
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The page's Content-Security-Policy: the shop's policy with the hash of each inline script of this very
 * page added to script-src, so those run and no injected script can (no 'unsafe-inline', no nonce to leak
 * from a cached page).
 */
export function policyForPage(basePolicy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, script = ''] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  }
  if (hashes.size === 0) return basePolicy;
  return basePolicy.replace(/script-src ([^;]*)/, (directive) => `${directive} ${[...hashes].join(' ')}`);
}
