/**
 * The back office's two notification mails, as content for mail/templates.ts's branded layout (heading,
 * paragraphs, a button, and the plain-text part made from the same lines). Wiring (phase 2): templates.ts
 * exports its `mail(to, subject, content)` and these are sent through it after the change commits.
 */
export interface NotificationMail {
  to: string;
  subject: string;
  content: { heading: string; paragraphs: string[]; action: { label: string; url: string } };
}

export interface LowStockMailTool {
  name: string;
  availableQuantity: number;
  threshold: number;
}

/** To each admin, once per crossing (admin/low-stock.ts decides when). */
export function lowStockMail(to: string, tool: LowStockMailTool, publicUrl: string): NotificationMail {
  return {
    to,
    subject: `Low stock: ${tool.name}`,
    content: {
      heading: `${tool.name} is running low`,
      paragraphs: [
        `Only ${tool.availableQuantity} left to order, below its low-stock threshold of ${tool.threshold}.`,
        'Restock it from the Sales Overview. You will not be told again until its stock has risen above the threshold and fallen below it once more.',
      ],
      action: { label: 'Open the Sales Overview', url: `${publicUrl}/dashboard/overview` },
    },
  };
}

export interface DeliveredMailOrder {
  orderId: string;
  name: string;
  tool: string;
  quantity: number;
}

/** To the customer, when an admin marks their order delivered. */
export function orderDeliveredMail(
  to: string,
  order: DeliveredMailOrder,
  publicUrl: string,
): NotificationMail {
  return {
    to,
    subject: `Your Toolshop order of ${order.tool} was delivered`,
    content: {
      heading: `Good news, ${order.name}`,
      paragraphs: [
        `Your order of ${order.quantity} × ${order.tool} has been delivered.`,
        `Order: ${order.orderId}. Thank you for shopping with Toolshop.`,
      ],
      action: { label: 'See my orders', url: `${publicUrl}/dashboard/myOrders` },
    },
  };
}
