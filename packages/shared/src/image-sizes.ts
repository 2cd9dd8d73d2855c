// No zod here: the storefront's cards and product pages use these.

/** The widths an uploaded image is also served at (`/api/images/{id}.webp?w=`), for `srcset`. */
export const IMAGE_WIDTHS = [320, 480, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image the shop stores (uploaded, WebP), which it can serve at each of IMAGE_WIDTHS. */
const STORED_IMAGE = /^\/api\/images\/[0-9a-f-]+\.webp$/i;

/**
 * The `srcSet` of an image: each width of a stored image, so a browser fetches the one that fits its slot;
 * undefined for any other image (an SVG scales by itself; another site's image is that site's business).
 */
export function imageSrcSet(url: string): string | undefined {
  if (!STORED_IMAGE.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}
