import type { Tool } from '@toolshop/shared/tool';
import { hero } from '../../content/home';

/** The picture a link preview shows of a page (og:image), and what it shows in words (og:image:alt). */
export interface PreviewImage {
  /** Absolute, as link previews and search engines need it. */
  url: string;
  alt: string;
}

/**
 * Every page's preview picture comes from here, so that the picture of every preview and of the products'
 * structured data can change in one place (decision 059).
 */

/** A product's picture: its image, which its JSON-LD names too. `base`: the shop's public address. */
export const previewImageOf = (tool: Pick<Tool, 'img' | 'name'>, base: string): PreviewImage => ({
  url: new URL(tool.img, `${base}/`).href,
  alt: tool.name,
});

/** The picture of a page that has none of its own: the home page's banner. */
export const shopPreviewImage = (base: string): PreviewImage => ({
  url: new URL(hero.banner.src, `${base}/`).href,
  alt: hero.banner.alt,
});
