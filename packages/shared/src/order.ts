import { z } from 'zod';
import { numberField, required } from './fields';
import { messages } from './messages';
import { ORDER_STATUSES } from './order-status';
import { pageSchema } from './paging';

/** An order's state (order-status.ts: the states and which of them are paid). */
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** One line of an order: a tool, its units and the price agreed when ordered (dollars). */
export const orderLineSchema = z.object({
  toolId: z.string(),
  /** The tool's name when ordered. */
  tool: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order as the API returns it: SPEC §3's fields, plus what the shop now knows about it. On an order of
 * several lines `tool` names its tools, `quantity` is its units and `unitPrice` is null (decision 047).
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** For people: #1042, sequential. */
  number: z.number().int(),
  email: z.string(),
  /** The buyer's display name. */
  name: z.string(),
  toolId: z.string(),
  /** The tool's name when ordered (kept even if the tool is later removed). */
  tool: z.string(),
  quantity: z.number().int(),
  address: z.string(),
  phone: z.string().nullable(),
  /** Dollars per unit, copied from the tool when ordered; null on an order of several lines. */
  unitPrice: z.number().nullable(),
  /** What the order is made of, in the order the buyer saw it. */
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  shipping: z.number(),
  /** The lines' totals and the shipping: what the customer pays. */
  total: z.number(),
  status: orderStatusSchema,
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** When an unpaid order's stock hold ends (it then shows as 'expired'); null once paid or cancelled. */
  expiresAt: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);
/** GET /order and /order/:email with `?page=&limit=`. */
export const orderPageSchema = pageSchema(orderSchema);

export const ADDRESS_REQUIRED = 'Address is Required';

/** Where an order ships: the fields every way of ordering asks for (SPEC §5's message when missing). */
export const placeOrderFields = {
  address: z.string({ error: ADDRESS_REQUIRED }).trim().min(1, required(ADDRESS_REQUIRED)).max(300),
  phone: z.string().trim().max(40, 'Must be 40 characters or fewer').nullish(),
};

/**
 * POST /order. SPEC §7 sends the tool's name as `tool`; our web app sends its id as `toolId`. The buyer's
 * e-mail and name always come from the session: `email` and `name` are accepted and ignored.
 */
export const placeOrderSchema = z
  .object({
    toolId: z.string().optional(),
    tool: z.string().optional(),
    quantity: numberField(messages.quantityError)
      .int(messages.quantityError)
      .positive(messages.quantityError)
      .max(1_000_000, messages.quantityError),
    ...placeOrderFields,
    email: z.string().optional(),
    name: z.string().optional(),
  })
  .refine((body) => body.toolId || body.tool, { path: ['toolId'], message: 'Name the tool to order' });
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

/** DELETE /order/:id answers as SPEC §7 read it: how many orders went away (1, or 0 if already gone). */
export const deleteResultSchema = z.object({ deletedCount: z.number().int() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;
