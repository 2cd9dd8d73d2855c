import { paths } from '@toolshop/shared/paths';
import type { OutgoingMail } from './mailer';
import { mail } from './templates';

/**
 * The back office's notification mails, in templates.ts's branded layout with a plain-text part.
 * Each is sent after the change it tells of has committed, in the background: a failing SMTP server must
 * not fail the change.
 */

export interface LowStockMailTool {
  name: string;
  availableQuantity: number;
  threshold: number;
}

/** To each admin, once per crossing (admin/low-stock.ts decides when). */
export function lowStockMail(to: string, tool: LowStockMailTool, publicUrl: string): OutgoingMail {
  return mail(to, `Low stock: ${tool.name}`, {
    heading: `${tool.name} is running low`,
    paragraphs: [
      `Only ${tool.availableQuantity} left to order, below its low-stock threshold of ${tool.threshold}.`,
      'Restock it from the Sales Overview. You will not be told again until its stock is back at or above the threshold and falls below it once more.',
    ],
    action: { label: 'Open the Sales Overview', url: `${publicUrl}${paths.overview}` },
  });
}

export interface DeliveredMailOrder {
  orderId: string;
  name: string;
  tool: string;
  quantity: number;
}

export interface ShippedMailOrder extends DeliveredMailOrder {
  number: number;
  carrier: string | null;
  trackingNumber: string | null;
}

/** To the customer, when an admin marks their order shipped. */
export function orderShippedMail(to: string, order: ShippedMailOrder, publicUrl: string): OutgoingMail {
  const shipment = [
    order.carrier && `Carrier: ${order.carrier}.`,
    order.trackingNumber && `Tracking number: ${order.trackingNumber}.`,
  ].filter(Boolean);
  return mail(to, `Your Toolshop order #${order.number} has shipped`, {
    heading: `Good news, ${order.name}`,
    paragraphs: [
      `Your order #${order.number} of ${order.quantity} × ${order.tool} is on its way.`,
      ...(shipment.length > 0 ? [shipment.join(' ')] : []),
      `Order: ${order.orderId}. We will let you know when it is delivered.`,
    ],
    action: { label: 'See my orders', url: `${publicUrl}${paths.myOrders}` },
  });
}

/** To the customer, when an admin marks their order delivered. */
export function orderDeliveredMail(to: string, order: DeliveredMailOrder, publicUrl: string): OutgoingMail {
  return mail(to, `Your Toolshop order of ${order.tool} was delivered`, {
    heading: `Good news, ${order.name}`,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.tool} has been delivered.`,
      `Order: ${order.orderId}. Thank you for shopping with Toolshop.`,
    ],
    action: { label: 'See my orders', url: `${publicUrl}${paths.myOrders}` },
  });
}
