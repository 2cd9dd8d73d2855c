/*
 * The change feed's topics (db/change-feed.ts), named in one place: several features announce the same
 * topic and several read it (payments announces the reviews, storefront keeps pages of the catalogue), so a
 * topic belongs to none of them. `'*'` is the feed's own: anything may have changed.
 */

/**
 * Everything the catalogue shows: announced by every write that changes it. A change of stock names its
 * tools (the subjects): only what shows those tools, or lists by stock, changes.
 */
export const CATALOGUE_TOPIC = 'catalogue';

/** The review lists: announced by every write that changes what they show. */
export const REVIEWS_TOPIC = 'reviews';

/** The shop's settings (its shipping): announced by every write of them; product pages show them (decision 059). */
export const SETTINGS_TOPIC = 'settings';

/** Announced when a mail is queued: every process's worker looks for due mails after the commit. */
export const MAIL_TOPIC = 'mail';

/**
 * What the product pages show of their tools' reviews: announced with the tool's id by every review written,
 * voted for or hidden. A review that changes a tool's rating announces the catalogue too (its cards).
 */
export const PRODUCT_REVIEWS_TOPIC = 'product-reviews';
