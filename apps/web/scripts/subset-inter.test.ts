import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS_DIR, interFaces } from './subset-inter.mjs';

describe('the shop’s cut of Inter', () => {
  it('is what `npm run fonts` makes from the installed @fontsource-variable/inter', async () => {
    const { css, files } = await interFaces();

    expect(await readFile(path.join(FONTS_DIR, 'inter.css'), 'utf8')).toBe(css);
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.compare(await readFile(path.join(FONTS_DIR, name)), bytes), name).toBe(0);
    }
  });
});
