import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Toolshop';

/** The home page's title, and the description of any page that has none of its own. */
export const DEFAULT_TITLE = `${SITE_NAME} · Computer repair tools`;
export const DEFAULT_DESCRIPTION =
  'Toolshop sells tested computer repair tools to technicians and repair shops at wholesale prices.';

export interface PageInfo {
  /** The screen's name; the document title adds the shop's name. */
  title?: string;
  description?: string;
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
 * Title, description and canonical address of a page (search engines, link previews). A screen behind
 * sign-in is `noindex` and names no canonical address instead: a crawler that reaches /purchase/{id} must
 * not take it for a copy of the product page, nor list a dashboard screen (decision 040).
 */
export function pageMetaTags(
  { location, matches }: MetaArgs,
  { title, description }: PageInfo,
): MetaDescriptor[] {
  const signedIn = matches.some((match) => match?.id === SIGNED_IN_LAYOUT);
  return [
    { title: title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE },
    { name: 'description', content: description ?? DEFAULT_DESCRIPTION },
    signedIn
      ? { name: 'robots', content: 'noindex' }
      : { tagName: 'link', rel: 'canonical', href: `${publicUrlOf(matches)}${location.pathname}` },
  ];
}

/** A route's `meta` export for a page whose title and description never change. */
export const pageMeta =
  (info: PageInfo) =>
  (args: MetaArgs): MetaDescriptor[] =>
    pageMetaTags(args, info);
