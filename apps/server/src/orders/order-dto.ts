import { centsToDollars } from '@toolshop/shared/money';
import type { Order } from '@toolshop/shared/order';
import { isPaidStatus, type OrderStatus } from '@toolshop/shared/order-status';
import type { OrderRow } from '../db/order-status';

/*
 * An order as the API shows it, and its total: orders' public piece beside its service, shared with
 * payments, which reads the rows it charges (decision 043).
 */

export type { OrderRow };

/** What the customer pays for an order: its lines' totals (the database's) and the shipping it was charged. */
export const orderTotalCents = (order: Pick<OrderRow, 'made' | 'shippingCents'>) =>
  Number(order.made.subtotalCents) + order.shippingCents;

export function toOrderDto(row: OrderRow): Order {
  // An unpaid order past its hold (the database's clock) is expired, whether or not the sweep has
  // released it yet.
  const status: OrderStatus = row.pastHold ? 'expired' : (row.status as OrderStatus);
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    toolId: row.toolId,
    tool: row.toolName,
    quantity: row.quantity,
    address: row.address,
    phone: row.phone,
    number: row.number,
    unitPrice: row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents),
    lines: row.made.lines.map((line) => ({
      toolId: line.toolId,
      tool: line.toolName,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      total: centsToDollars(Number(line.totalCents)),
    })),
    subtotal: centsToDollars(Number(row.made.subtotalCents)),
    shipping: centsToDollars(row.shippingCents),
    total: centsToDollars(orderTotalCents(row)),
    status,
    paid: isPaidStatus(status),
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: status === 'unpaid' || status === 'expired' ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}
