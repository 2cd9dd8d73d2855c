import { centsToDollars, orderTotalCents as totalCents } from '@toolshop/shared/money';
import { isPaidStatus, type Order, type OrderStatus } from '@toolshop/shared/order';
import type { orders } from '../db/schema';

/*
 * An order as the API shows it, and its total: orders' public piece beside its service, shared with
 * payments, which reads the rows it charges (decision 043).
 */

export type OrderRow = typeof orders.$inferSelect;

export const orderTotalCents = (order: Pick<OrderRow, 'quantity' | 'unitPriceCents'>) =>
  totalCents(order.quantity, order.unitPriceCents);

/** An unpaid order past its hold is expired, whether or not the sweep has released it yet. */
export const isPastHold = (row: Pick<OrderRow, 'status' | 'expiresAt'>, now = new Date()) =>
  row.status === 'unpaid' && row.expiresAt !== null && row.expiresAt <= now;

export function toOrderDto(row: OrderRow): Order {
  const status: OrderStatus = isPastHold(row) ? 'expired' : (row.status as OrderStatus);
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    toolId: row.toolId,
    tool: row.toolName,
    quantity: row.quantity,
    address: row.address,
    phone: row.phone,
    unitPrice: centsToDollars(row.unitPriceCents),
    total: centsToDollars(orderTotalCents(row)),
    status,
    paid: isPaidStatus(status),
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: status === 'unpaid' || status === 'expired' ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}
