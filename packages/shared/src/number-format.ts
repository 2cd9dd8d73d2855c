// Numbers are written by hand here, not with Intl or toLocaleString: the first Intl formatter of a page
// loads the locale's data, 15–40 ms of a phone's main thread while the storefront hydrates, for a US
// notation that never changes.

/** "1234567" → "1,234,567": commas between groups of three digits of a written integer. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "1,234": a count (stock, orders, units) in US notation. */
export function formatCount(count: number): string {
  return groupThousands(Math.round(count).toString());
}
