import { absoluteImageUrl, drawingRasters, PREVIEW_IMAGE } from '@toolshop/shared/raster-images';
import type { Tool } from '@toolshop/shared/tool';
import { hero } from '../../content/home';

/** The picture a link preview shows of a page (og:image), and what it shows in words (og:image:alt). */
export interface PreviewImage {
  /** Absolute, as link previews and search engines need it. */
  url: string;
  alt: string;
  /** Its size and type when the shop made it (a drawing's preview), so a preview lays out before it loads. */
  size?: typeof PREVIEW_IMAGE;
}

/**
 * Every page's preview picture comes from here, so that the picture of every preview and of the products'
 * structured data can change in one place (decision 059).
 */

/** An image as a preview shows it: a drawing of the shop's as the build's 1200 × 630 PNG of it. */
function previewOf(img: string, alt: string, base: string): PreviewImage {
  const preview = drawingRasters(img)?.preview;
  return {
    url: absoluteImageUrl(preview ?? img, base),
    alt,
    ...(preview ? { size: PREVIEW_IMAGE } : {}),
  };
}

/** A product's picture: its image, which its JSON-LD names too. `base`: the shop's public address. */
export const previewImageOf = (tool: Pick<Tool, 'img' | 'name'>, base: string): PreviewImage =>
  previewOf(tool.img, tool.name, base);

/** The picture of a page that has none of its own: the home page's banner. */
export const shopPreviewImage = (base: string): PreviewImage =>
  previewOf(hero.banner.src, hero.banner.alt, base);
