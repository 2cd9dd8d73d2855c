import { z } from 'zod';
import { cartSchema } from './cart';

const orderedToolSchema = z.object({
  toolId: z.string(),
  /** The tool's name as ordered. */
  name: z.string(),
  /** The units of the order's line. */
  quantity: z.number().int(),
});

/**
 * POST /order/:id/buy-again: the order's lines put back in the customer's cart at today's prices, and
 * what stood in the way of the others: tools since deleted (`gone`), and lines the cart refused
 * (`notAdded`: not that many in stock, the tool's minimum order raised, the cart full), each with the
 * cart's own message.
 */
export const buyAgainResultSchema = z.object({
  cart: cartSchema,
  added: z.array(orderedToolSchema),
  gone: z.array(orderedToolSchema),
  notAdded: z.array(
    orderedToolSchema.extend({
      reason: z.enum(['insufficient_stock', 'below_minimum_order', 'cart_full']),
      message: z.string(),
    }),
  ),
});
export type BuyAgainResult = z.infer<typeof buyAgainResultSchema>;

const unitsOf = ({ name, quantity }: { name: string; quantity: number }) => `${quantity} × ${name}`;

/**
 * What the cart says after Buy again, one sentence each: what went in, which tools are no longer sold,
 * and each line the cart refused with its reason.
 */
export function buyAgainNotice({ added, gone, notAdded }: Omit<BuyAgainResult, 'cart'>): string[] {
  return [
    added.length > 0
      ? `Added to your cart: ${added.map(unitsOf).join(', ')}.`
      : 'Nothing from this order could be added to your cart.',
    ...gone.map(({ name }) => `${name} is no longer sold.`),
    ...notAdded.map((line) =>
      line.reason === 'below_minimum_order'
        ? `${unitsOf(line)} not added: its minimum order is now higher.`
        : `${unitsOf(line)} not added: ${line.message}`,
    ),
  ];
}
