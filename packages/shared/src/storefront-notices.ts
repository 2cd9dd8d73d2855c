/**
 * What a visitor reads when the shop cannot show a page right now (decision 035): the server's refusal
 * pages and the web app's error page say it in these words.
 */
export interface PageNotice {
  title: string;
  text: string;
}

export const storefrontNotices = {
  /** 503 while the database is away: the page could not be read. */
  away: {
    title: 'Back in a moment',
    text: 'The shop is briefly away: it cannot reach its records right now. Nothing you ordered is lost. Please try again in a minute.',
  },
  /** 503 when more pages are asked for at once than the shop draws. */
  busy: {
    title: 'Busy right now',
    text: 'The shop has more visitors than it can serve this very moment. Please try again in a few seconds.',
  },
  /** 429 when one visitor asks for many pages at once. */
  tooMany: {
    title: 'One page at a time',
    text: 'You asked for many pages at once. Please wait a few seconds, then try again.',
  },
} as const satisfies Record<string, PageNotice>;
