import { z } from 'zod';
import { numberField } from './fields';
import { messages } from './messages';
import { placeOrderFields } from './order';

/** The most lines a cart holds (the database's CHECK `carts_at_most_50_lines`, migration 0017). */
export const MAX_CART_LINES = 50;

/** The httpOnly cookie that carries a visitor's cart token (decision 046). */
export const CART_COOKIE = 'toolshop_cart';

/** A visitor's cart unused this many days is dropped. */
export const VISITOR_CART_DAYS = 30;

/** A quantity a customer sends for a cart line: SPEC's 'quantity error' rule, bounded like an order's. */
const quantitySchema = numberField(messages.quantityError)
  .int(messages.quantityError)
  .positive(messages.quantityError)
  .max(1_000_000, messages.quantityError);

/** POST /api/cart/lines: add units of a tool (to its line, when the cart has one). */
export const addCartLineSchema = z.object({ toolId: z.uuid(), quantity: quantitySchema });
export type AddCartLineInput = z.infer<typeof addCartLineSchema>;

/** PATCH /api/cart/lines/{toolId}: the line's new quantity (and the buyer has now seen today's price). */
export const updateCartLineSchema = z.object({ quantity: quantitySchema });
export type UpdateCartLineInput = z.infer<typeof updateCartLineSchema>;

/**
 * A cart line as the cart shows it: the tool as it is now, the units wanted, and what stands in the way
 * of checking it out (a cart reserves nothing, so each is read live).
 */
export const cartLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Today's price (the price the buyer last saw while `priceChanged` is false). */
  unitPriceCents: z.number().int(),
  /** The price the buyer was last shown for this line. */
  seenPriceCents: z.number().int(),
  minimumOrder: z.number().int(),
  availableQuantity: z.number().int(),
  lineTotalCents: z.number().int(),
  /** The tool was deleted: the line can only be removed. */
  gone: z.boolean(),
  priceChanged: z.boolean(),
  /** Fewer units are available than the line wants. */
  shortOfStock: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** A cart: its lines in the order they were added and its amounts at today's prices (lines not gone). */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** How many lines the cart holds: the navbar's number. */
  lineCount: z.number().int(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  totalCents: z.number().int(),
  /** Checkout refuses until no line is gone, repriced or short of stock. */
  readyForCheckout: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** GET /api/checkout: the cart to check out, and the address and phone of the customer's last order. */
export const checkoutSchema = z.object({
  cart: cartSchema,
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** A line as an API client checks it out: the tool, its units and the unit price the buyer saw (cents). */
export const checkoutLineSchema = z.object({
  toolId: z.uuid(),
  quantity: quantitySchema,
  seenPriceCents: z.number().int().positive().max(100_000_000),
});

/**
 * POST /api/checkout: where to ship, and either the lines to order or (none given) the cart's lines.
 * The buyer's e-mail and name come from the session.
 */
export const placeCheckoutSchema = z.object({
  address: placeOrderFields.address,
  phone: placeOrderFields.phone,
  lines: z
    .array(checkoutLineSchema)
    .min(1)
    .max(MAX_CART_LINES)
    .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, {
      message: 'Name each tool once.',
    })
    .optional(),
});
export type PlaceCheckoutInput = z.infer<typeof placeCheckoutSchema>;
