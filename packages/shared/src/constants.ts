/**
 * Business constants and limits from SPEC §9, in one place. Both the server and the web app read them
 * from here; change a number here and it changes everywhere.
 */

/** The home page shows at most this many tools. */
export const HOME_TOOL_COUNT = 6;

/** The home page's review grid shows the newest reviews, at most this many. */
export const HOME_REVIEW_COUNT = 6;

/** A review's stars (SPEC §3 `ratings`). */
export const MIN_RATING = 1;
export const MAX_RATING = 5;

export const PASSWORD_MIN_LENGTH = 6;

/** Business Summary counters: value and the suffix shown after it. */
export const BUSINESS_STATS = [
  { label: 'Happy Clients', value: 100, suffix: 'k+' },
  { label: 'Page Views', value: 20, suffix: 'M+' },
  { label: 'Clients Satisfaction', value: 100, suffix: '%' },
] as const;

/** The shop opened in 2022; the footer shows "© 2022–{current year}". */
export const COPYRIGHT_START_YEAR = 2022;

export const CURRENCY_SYMBOL = '$';

/** Toasts: top-right, light theme, close after 5 s, pause on hover, close on click. */
export const TOAST_SETTINGS = {
  autoClose: 5000,
  position: 'top-right',
  theme: 'light',
  pauseOnHover: true,
  closeOnClick: true,
} as const;

/** Data fetching: entries dropped 5 minutes after their last observer; failed reads retried 3 times with
 * backoff from 1 s doubling up to 30 s; mutations never retried. */
export const QUERY_SETTINGS = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30_000,
  mutationRetries: 0,
} as const;

/** Delay before the next retry of a failed fetch (attempt counts from 0). */
export function retryDelayMs(attempt: number): number {
  return Math.min(QUERY_SETTINGS.retryBaseDelayMs * 2 ** attempt, QUERY_SETTINGS.retryMaxDelayMs);
}

/** Minutes an unpaid order holds its stock before it expires (the server's ORDER_HOLD_MINUTES default). */
export const DEFAULT_ORDER_HOLD_MINUTES = 60;

/** One account may hold at most this many unpaid orders at a time… */
export const MAX_UNPAID_ORDERS_PER_ACCOUNT = 5;

/** …and at most this many units reserved by them, so nobody can lock a product's whole stock. */
export const MAX_RESERVED_UNITS_PER_ACCOUNT = 1000;

/** One account may place at most this many orders a minute (POST /api/order), refused or not. */
export const MAX_ORDERS_PER_MINUTE = 20;

/**
 * Nobody may keep a tool sold out (decision 033). An account whose unpaid orders of a tool would hold more
 * than this share of its stock on hand holds them only LARGE_ORDER_HOLD_MINUTES (not the usual hold)…
 */
export const LARGE_ORDER_SHARE_PERCENT = 25;
export const LARGE_ORDER_HOLD_MINUTES = 10;

/** …and may not take such a share of a tool for this long after it let an order of that tool go unpaid. */
export const LARGE_ORDER_COOL_DOWN_MINUTES = 60;

/** A customer may post at most this many reviews in any 24 hours. */
export const MAX_REVIEWS_PER_DAY = 5;
