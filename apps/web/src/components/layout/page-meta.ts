import type { MetaDescriptor } from 'react-router';
import { shopPreviewImage, type PreviewImage } from './preview-image';

export const SITE_NAME = 'Toolshop';

/** The home page's title, and the description of any page that has none of its own. */
export const DEFAULT_TITLE = `${SITE_NAME} · Computer repair tools`;
export const DEFAULT_DESCRIPTION =
  'Toolshop sells tested computer repair tools to technicians and repair shops at wholesale prices.';

export interface PageInfo {
  /** The screen's name; the document title adds the shop's name. */
  title?: string;
  description?: string;
  /** What a link to the page shows: the shop's picture unless the page has its own. */
  image?: PreviewImage;
  /** Open Graph's kind of page: a website's page unless it says otherwise. */
  type?: 'website' | 'product';
}

/** What the page's tags are made of: any route's generated Route.MetaArgs carries it. */
interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The shop's public address, as the root loader read it from the server. */
export function publicUrlOf(matches: MetaArgs['matches']): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}

/** The layout route every screen behind sign-in sits in (routes.ts). */
const SIGNED_IN_LAYOUT = 'routes/require-auth';

/**
 * Title, description and canonical address of a page (search engines), and what a link to it shows (Open
 * Graph and X's card, decision 059). A screen behind sign-in is `noindex` and names no canonical address
 * nor preview instead: a crawler that reaches /purchase/{id} must not take it for a copy of the product
 * page, nor list a dashboard screen (decision 040).
 */
export function pageMetaTags(
  { location, matches }: MetaArgs,
  { title, description = DEFAULT_DESCRIPTION, image, type = 'website' }: PageInfo,
): MetaDescriptor[] {
  const named: MetaDescriptor[] = [
    { title: title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE },
    { name: 'description', content: description },
  ];
  if (matches.some((match) => match?.id === SIGNED_IN_LAYOUT)) {
    return [...named, { name: 'robots', content: 'noindex' }];
  }
  const base = publicUrlOf(matches);
  const url = `${base}${location.pathname}`;
  const preview = image ?? shopPreviewImage(base);
  return [
    ...named,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: title ?? DEFAULT_TITLE },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: preview.url },
    ...(preview.size
      ? [
          { property: 'og:image:type', content: preview.size.type },
          { property: 'og:image:width', content: String(preview.size.width) },
          { property: 'og:image:height', content: String(preview.size.height) },
        ]
      : []),
    { property: 'og:image:alt', content: preview.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

/** A JSON-LD block of the page's head (schema.org's structured data). */
export const jsonLd = (data: object): MetaDescriptor => ({ 'script:ld+json': data });

/** A route's `meta` export for a page whose title and description never change. */
export const pageMeta =
  (info: PageInfo) =>
  (args: MetaArgs): MetaDescriptor[] =>
    pageMetaTags(args, info);
