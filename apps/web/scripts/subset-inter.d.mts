/** The @font-face rules and the font files, by file name, that `npm run fonts` writes to src/shell/fonts. */
export function interFaces(): Promise<{ css: string; files: Record<string, Uint8Array> }>;

/** Where the shop's cut of Inter is kept: src/shell/fonts. */
export const FONTS_DIR: string;
