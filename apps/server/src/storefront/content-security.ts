import { createHash } from 'node:crypto';

// Inline scripts of a rendered page: React Router's hydration data and module loader, ScrollRestoration,
// and a product's JSON-LD (never run, yet Chromium still holds it to script-src and reports it).
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

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
