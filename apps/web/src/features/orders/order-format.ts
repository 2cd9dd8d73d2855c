/** How an order is named to people: the first block of its id, which is enough to tell orders apart. */
export function orderNumber(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}
