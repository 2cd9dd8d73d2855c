/**
 * unpaid → paid (the server confirmed the payment) → shipped → delivered (an admin, each); an unpaid order
 * may be cancelled (by its customer or an admin), and expires when its stock hold runs out (`expiresAt`).
 * Without zod (order.ts builds the schemas from these), so that the pages that only show an order's state
 * load none in the browser (decision 073).
 */
export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order paid for: it counts as earned, and can no longer be cancelled (SPEC's `paid`). */
export const PAID_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];
export const isPaidStatus = (status: string): boolean =>
  (PAID_STATUSES as readonly string[]).includes(status);
