// Writes the shop's own cut of the Inter typeface into src/shell/fonts: `npm run fonts -w apps/web` after
// upgrading @fontsource-variable/inter (a test fails until the committed files match what this makes).
//
// Why: a first visit fetches the Latin face before its text can paint (decision 028). Fontsource's face
// carries the whole weight axis (100–900) and fraction and proportional figures; the shop draws weights
// 400 to 800 with the features a browser applies by itself, plus tabular figures. Same letters, same look,
// 40 % fewer bytes. The output is exact for the installed versions of Fontsource, subset-font and Prettier:
// after upgrading one of them, run this again.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const FONTSOURCE_CSS = require.resolve('@fontsource-variable/inter/wght.css');
export const FONTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/shell/fonts');

// The faces for the Latin script only: the shop writes English. A Greek or Cyrillic letter in a
// description (the Ω of "1 MΩ") is drawn in the system's font rather than costing a download.
const SUBSETS = ['latin-ext', 'latin'];

// What the shop's English writes, cut from the Latin face into a face of its own, the one every page
// preloads (decision 031): ASCII, the no-break space, © ° · ×, general punctuation (dashes, quotes,
// bullets, the ellipsis), € ™ and the minus sign. The Latin face keeps the rest (accented letters), and a
// browser fetches it only for a page that shows one of them.
const BASIC = 'U+0000-007E, U+00A0, U+00A9, U+00B0, U+00B7, U+00D7, U+2000-206F, U+20AC, U+2122, U+2212';

// The licence description and URL: the subsetter keeps names 0–6 (copyright, family, style, version)
// unless told, and the SIL Open Font License asks a modified version to keep the licence too.
const NAME_IDS = [13, 14];

// font-normal, -medium, -semibold, -bold and -extrabold; nothing in the shop is lighter or heavier.
const WEIGHTS = { min: 400, max: 800 };

// What a browser turns on by itself for Latin text, and `tnum` for Tailwind's `tabular-nums`.
const FEATURES = ['ccmp', 'locl', 'rlig', 'liga', 'clig', 'calt', 'kern', 'mark', 'mkmk', 'rvrn', 'tnum'];

/** Every code point a `unicode-range` names (`U+0000-00FF,U+0131,…`). */
function codePoints(unicodeRange) {
  const codes = [];
  for (const part of unicodeRange.split(',')) {
    const [first, last = first] = part.trim().slice(2).split('-');
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) codes.push(code);
  }
  return codes;
}

/** The `unicode-range` of ascending code points, each run of consecutive ones as one range. */
function unicodeRangeOf(codes) {
  const hex = (code) => code.toString(16).toUpperCase().padStart(4, '0');
  const parts = [];
  for (let start = 0; start < codes.length;) {
    let end = start;
    while (codes[end + 1] === codes[end] + 1) end++;
    parts.push(start === end ? `U+${hex(codes[start])}` : `U+${hex(codes[start])}-${hex(codes[end])}`);
    start = end + 1;
  }
  return parts.join(', ');
}

/**
 * Fontsource's face of each subset (its file and code points), the Latin one split into its basic letters
 * and signs and the rest. In Fontsource's order, basic last: where two ranges overlap (a few combining
 * marks) the browser tries the face named last first.
 */
function faces(fontsourceCss) {
  const basic = new Set(codePoints(BASIC));
  return SUBSETS.flatMap((subset) => {
    const face = new RegExp(`@font-face\\s*\\{[^}]*/inter-${subset}-wght-normal\\.woff2[^}]*\\}`).exec(
      fontsourceCss,
    )?.[0];
    const unicodeRange = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
    if (!unicodeRange) throw new Error(`@fontsource-variable/inter has no ${subset} face any more`);
    const file = path.join(path.dirname(FONTSOURCE_CSS), 'files', `inter-${subset}-wght-normal.woff2`);
    const codes = codePoints(unicodeRange).sort((a, b) => a - b);
    if (subset !== 'latin') return [{ name: subset, file, codes }];
    return [
      { name: subset, file, codes: codes.filter((code) => !basic.has(code)) },
      { name: 'basic', file, codes: codes.filter((code) => basic.has(code)) },
    ];
  });
}

/**
 * The @font-face rules and the font files (with the typeface's licence), by file name. `optional`, not
 * Fontsource's `swap`: a face arriving after the text has painted in the fallback would reflow the page (a
 * layout shift on every first visit over a slow link). Past its short block period the fallback stays for
 * that page; once cached, Inter is used from the first paint.
 */
export async function interFaces() {
  const files = {};
  const rules = [];
  for (const { name, file, codes } of faces(await readFile(FONTSOURCE_CSS, 'utf8'))) {
    const fileName = `inter-${name}.woff2`;
    files[fileName] = await subsetFont(await readFile(file), String.fromCodePoint(...codes), {
      targetFormat: 'woff2',
      variationAxes: { wght: WEIGHTS },
      keepFeatures: FEATURES,
      preserveNameIds: NAME_IDS,
    });
    rules.push(
      `@font-face {
  font-family: 'Inter Variable';
  font-style: normal;
  font-display: optional;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url(./${fileName}) format('woff2-variations');
  unicode-range: ${unicodeRangeOf(codes)};
}
`,
    );
  }
  const cssFile = path.join(FONTS_DIR, 'inter.css');
  const css = await format(
    `/* Generated by apps/web/scripts/subset-inter.mjs from @fontsource-variable/inter: do not edit. */\n${rules.join('\n')}`,
    { ...(await resolveConfig(cssFile)), filepath: cssFile },
  );
  files.LICENSE = await readFile(path.join(path.dirname(FONTSOURCE_CSS), 'LICENSE'));
  return { css, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { css, files } = await interFaces();
  await writeFile(path.join(FONTS_DIR, 'inter.css'), css);
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(FONTS_DIR, name), bytes);
  for (const name of ['inter.css', ...Object.keys(files)]) console.log(`wrote src/shell/fonts/${name}`);
}
