/** How an order is named to people: the first block of its id, which is enough to tell orders apart. */
export function orderNumber(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}

/** "14:05" in the viewer's time zone: when an unpaid order's stock hold runs out. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}
