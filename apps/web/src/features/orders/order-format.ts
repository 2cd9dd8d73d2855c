import type { OrderStatus } from '@toolshop/shared/order-status';
import type { OrderEventKind } from '@toolshop/shared/order-detail';

/** An order's readable number as customers see it on their receipt and pages: "#1042". */
export const formatOrderNumber = (number: number): string => `#${number}`;

/** Where an order stands, in the customer's words. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: 'Awaiting payment',
  paid: 'Paid, not shipped yet',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** A step of an order's timeline. */
export const ORDER_EVENT_LABELS: Record<OrderEventKind, string> = {
  placed: 'Placed',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  expired: 'Stock hold ran out',
  cancelled: 'Cancelled',
};
