// No zod here: the product page's meta and the server's sitemap use these.

/**
 * The picture of a link preview: Open Graph's 1.91 : 1 at the size Facebook, LinkedIn and X ask for, as
 * PNG (a drawing's flat colours: smaller than JPEG, and as widely taken).
 */
export const PREVIEW_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** The width of a drawing's WebP copy: the widest a card or product page shows it. */
export const DRAWING_WEBP_WIDTH = 960;

/** One of the shop's own drawings (`/images/…/name.svg`): the demo catalogue's, the banner, the logo. */
const DRAWING = /^(\/images\/[\w/-]+)\.svg$/;

/**
 * The raster copies the web build makes of every drawing (apps/web/scripts/raster-drawings.ts), for those
 * that take no SVG: link previews (Facebook, LinkedIn, X, Slack, WhatsApp) show none, and Google Merchant
 * Center refuses it. Null for an image that is no drawing of the shop's: an uploaded one is stored as WebP
 * already.
 */
export function drawingRasters(img: string): { webp: string; preview: string } | null {
  const stem = DRAWING.exec(img)?.[1];
  return stem ? { webp: `${stem}.webp`, preview: `${stem}.preview.png` } : null;
}

/** The image as a raster file: a drawing's WebP copy, any other image as it is. */
export const rasterImageOf = (img: string): string => drawingRasters(img)?.webp ?? img;

/**
 * An image's address, absolute, as link previews, structured data and sitemaps need it: a stored or drawn
 * image under the shop's public address `base`, another site's as it is.
 */
export const absoluteImageUrl = (img: string, base: string): string => new URL(img, `${base}/`).href;
