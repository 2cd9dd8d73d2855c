import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route in app/routes.tsx may carry in its `handle`: the name of its screen. */
export interface PageHandle {
  title: string;
}

const SITE_NAME = 'Toolshop';

/** The home page (and any route without a title) keeps the name index.html gives before React starts. */
export const DEFAULT_TITLE = `${SITE_NAME} · Computer repair tools`;

function titleOf(handle: unknown): string | undefined {
  return (handle as Partial<PageHandle> | undefined)?.title;
}

/** Names the document after the deepest matched route that has a title, e.g. "Blogs · Toolshop". */
export function usePageTitle(): void {
  const matches = useMatches();
  const title = matches.map((match) => titleOf(match.handle)).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : DEFAULT_TITLE;
  }, [title]);
}
