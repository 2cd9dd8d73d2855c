import type { Order } from '@toolshop/shared/order';
import { centsCell, toCsv } from '../lib/csv';

const HEADER = [
  'Order number',
  'Order ID',
  'Placed (UTC)',
  'Customer',
  'E-mail',
  'Line',
  'Tool',
  'Quantity',
  'Unit price',
  'Line total',
  'Shipping',
  'Order total',
  'Status',
  'Address',
  'Phone',
  'Transaction',
] as const;

/** One line of an exported order, with what the order was charged in all. */
export interface ExportedLine {
  order: Order;
  number: number;
  shippingCents: number;
  orderTotalCents: number;
  line: { position: number; toolName: string; quantity: number; unitPriceCents: number };
}

/**
 * GET /order/export.csv: one record per order line, each carrying its order's number and the order's
 * facts (so a spreadsheet can filter or sum either way), money as exact decimals.
 */
export function ordersCsv(lines: readonly ExportedLine[]): string {
  return toCsv(
    HEADER,
    lines.map(({ order, number, shippingCents, orderTotalCents, line }) => [
      number,
      order._id,
      order.createdAt,
      order.name,
      order.email,
      line.position,
      line.toolName,
      line.quantity,
      centsCell(line.unitPriceCents),
      centsCell(line.quantity * line.unitPriceCents),
      centsCell(shippingCents),
      centsCell(orderTotalCents),
      order.status,
      order.address,
      order.phone,
      order.transactionId,
    ]),
  );
}
