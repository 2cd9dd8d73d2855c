import { createHash } from 'node:crypto';

// The types a browser runs; any other (application/ld+json, text/plain) is a data block it never runs.
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

const partsOf = (tag: string) => {
  const [, attributes = '', text = ''] = /^<script\b([^>]*)>([\s\S]*?)<\/script>$/.exec(tag) ?? [];
  return { attributes, text };
};

/** Whether a browser runs a `<script>…</script>` tag at all (JSON-LD, for one, is data). */
export function isExecutable(tag: string): boolean {
  const type = /\btype="([^"]*)"/.exec(partsOf(tag).attributes)?.[1]?.toLowerCase() ?? '';
  return EXECUTABLE_TYPES.has(type);
}

/**
 * Whether a browser runs the inline script `tag` under the Content-Security-Policy `policy`, as CSP
 * Level 3 decides it: its nonce or the hash of its text is among script-src's sources (or
 * 'unsafe-inline' is, with neither a nonce nor a hash beside it).
 */
export function runsUnder(policy: string, tag: string): boolean {
  if (!isExecutable(tag)) return false;
  const { attributes, text } = partsOf(tag);
  const sources = /script-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/) ?? [];
  const nonceOrHash = sources.some((source) => /^'(nonce|sha256|sha384|sha512)-/.test(source));
  if (sources.includes("'unsafe-inline'") && !nonceOrHash) return true;
  const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
  if (nonce && sources.includes(`'nonce-${nonce}'`)) return true;
  return sources.includes(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
}
