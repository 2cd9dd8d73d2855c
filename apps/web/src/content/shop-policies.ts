/**
 * The shop's terms that both its FAQ and its product data for search engines state (decision 059): edit
 * them here, and the FAQ's words and every offer's return policy and shipping follow.
 */

/** Unused items can be returned within this many days of delivery. */
export const RETURN_WINDOW_DAYS = 30;

/** The country orders are shipped to (ISO 3166-1 alpha-2), as search engines are told. */
export const SHIPS_TO_COUNTRY = 'US';
