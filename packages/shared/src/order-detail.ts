import { z } from 'zod';
import { orderSchema } from './order';

/** What happened to an order, in the order it happened. 'expired': its stock hold ran out unpaid. */
export const ORDER_EVENTS = ['placed', 'paid', 'shipped', 'delivered', 'expired', 'cancelled'] as const;
export const orderEventKindSchema = z.enum(ORDER_EVENTS);
export type OrderEventKind = z.infer<typeof orderEventKindSchema>;

export const orderEventSchema = z.object({
  event: orderEventKindSchema,
  at: z.string(),
  /**
   * Who did it: the order's own customer, or an admin acting on it. Null when nobody did (a hold that ran
   * out), when it was not recorded (orders delivered or cancelled before the shop kept who did it), and
   * for an admin's step when the customer reads their own order (the shop's staff are named to admins only).
   */
  by: z.object({ name: z.string(), email: z.string(), role: z.enum(['customer', 'admin']) }).nullable(),
  /** On 'shipped' only: what the admin gave when marking it shipped (null when not given). */
  carrier: z.string().nullable().optional(),
  trackingNumber: z.string().nullable().optional(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /order/:id/detail (its customer, or an admin): the order and its timeline, oldest event first. */
export const orderDetailSchema = orderSchema.extend({ timeline: z.array(orderEventSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;
