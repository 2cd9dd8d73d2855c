import { dollarsToCents } from '@toolshop/shared/money';
import type { Order } from '@toolshop/shared/order';
import { centsCell, toCsv } from '../lib/csv';

const HEADER = [
  'Order ID',
  'Placed (UTC)',
  'Customer',
  'E-mail',
  'Tool',
  'Quantity',
  'Unit price',
  'Total',
  'Status',
  'Address',
  'Phone',
  'Transaction',
] as const;

/** GET /order/export.csv: the filtered orders, one record each, money as exact decimals. */
export function ordersCsv(orders: readonly Order[]): string {
  return toCsv(
    HEADER,
    orders.map((order) => [
      order._id,
      order.createdAt,
      order.name,
      order.email,
      order.tool,
      order.quantity,
      order.unitPrice === null ? null : centsCell(dollarsToCents(order.unitPrice)),
      centsCell(dollarsToCents(order.total)),
      order.status,
      order.address,
      order.phone,
      order.transactionId,
    ]),
  );
}
