/** How an order is named to people: the first block of its id, which is enough to tell orders apart. */
export function orderNumber(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}

/** "Nov 22, 2026": the day an order was placed. */
export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** "14:05" in the viewer's time zone: when an unpaid order's stock hold runs out. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** "Nov 22, 2026, 2:05 PM" in the viewer's time zone: when something happened to an order. */
export function orderMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
