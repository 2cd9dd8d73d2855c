export const SAMPLE_UUID = '7b0c1a52-4c9e-4d8e-9a43-5d0f3c1e2b6a';

/** A concrete address for a route pattern: each `:param` (and a trailing `*`) replaced by a plausible value. */
export function sampleUrl(pattern: string): string {
  return pattern
    .replace(/:email\b/g, encodeURIComponent('someone@example.com'))
    .replace(/:file\b/g, `${SAMPLE_UUID}.webp`)
    .replace(/:[A-Za-z_]+/g, SAMPLE_UUID)
    .replace(/\*$/, 'anything');
}
