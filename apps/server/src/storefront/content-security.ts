import { randomBytes } from 'node:crypto';

/**
 * A nonce for one rendering of a page: 128 random bits, new for every render, so no one can know it before
 * the page that carries it exists (decision 035).
 */
export const newScriptNonce = (): string => randomBytes(16).toString('base64');

/**
 * The page's Content-Security-Policy: the shop's policy with the nonce of this rendering added to
 * script-src. The scripts the shop emits (React Router's hydration data, module loader and scroll
 * restoration, the starter of decision 027) carry it; a script that reached the HTML any other way does not,
 * and does not run. Nothing is derived from the HTML itself: an injected script cannot vouch for itself.
 */
export function policyForPage(basePolicy: string, nonce: string): string {
  return basePolicy.replace(/script-src ([^;]*)/, (directive) => `${directive} 'nonce-${nonce}'`);
}
