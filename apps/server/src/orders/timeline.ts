import type { OrderEvent } from '@toolshop/shared/order-detail';
import type { OrderRow } from '../db/order-status';

export interface Person {
  name: string;
  email: string;
}

/**
 * What happened to an order, in the order it happened: placed and paid by its customer, shipped and
 * delivered by an admin, its hold run out, cancelled by its customer or an admin. `people` names the
 * accounts of `shippedBy`, `deliveredBy` and `cancelledBy` by id.
 */
export function orderTimeline(row: OrderRow, people: ReadonlyMap<string, Person>): OrderEvent[] {
  const customer = { name: row.name, email: row.email, role: 'customer' as const };
  const account = (id: string | null): OrderEvent['by'] => {
    if (id === row.userId) return customer;
    const person = id === null ? undefined : people.get(id);
    return person ? { name: person.name, email: person.email, role: 'admin' } : null;
  };
  const events: OrderEvent[] = [{ event: 'placed', at: row.createdAt.toISOString(), by: customer }];
  if (row.paidAt) events.push({ event: 'paid', at: row.paidAt.toISOString(), by: customer });
  if (row.shippedAt) {
    events.push({
      event: 'shipped',
      at: row.shippedAt.toISOString(),
      by: account(row.shippedBy),
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    });
  }
  if (row.deliveredAt) {
    events.push({ event: 'delivered', at: row.deliveredAt.toISOString(), by: account(row.deliveredBy) });
  }
  // An unpaid order's hold ran out before it was cancelled (dismissed), or by now (the database's clock):
  // expired then, whether or not the sweep has written it so.
  const ranOut = row.cancelledAt
    ? row.expiresAt !== null && row.expiresAt <= row.cancelledAt
    : row.status === 'expired' || row.pastHold;
  if (!row.paidAt && row.expiresAt && ranOut) {
    events.push({ event: 'expired', at: row.expiresAt.toISOString(), by: null });
  }
  if (row.cancelledAt) {
    events.push({ event: 'cancelled', at: row.cancelledAt.toISOString(), by: account(row.cancelledBy) });
  }
  return events;
}
