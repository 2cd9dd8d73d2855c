import { asc, eq } from 'drizzle-orm';
import type { BuyAgainResult } from '@toolshop/shared/buy-again';
import type { CartService } from '../cart/service';
import type { Database } from '../db/client';
import { orderLines } from '../db/schema';
import { AppError } from '../plugins/app/errors';

/** The cart service's refusals of a line, as buy-again names them; anything else is not the line's fault. */
const refusals = {
  insufficient_stock: 'insufficient_stock',
  invalid_quantity: 'below_minimum_order',
  cart_full: 'cart_full',
} as const;

/**
 * Puts an order's lines back into its customer's cart, in the order's order, through the cart service's
 * own `addLine`, so the cart's rules (today's price, minimum order, stock, 50 lines, units added to a line
 * already there) are the ones of any add. Each line is added on its own: one that cannot be does not
 * keep the others out. The caller has checked that the order is the customer's.
 */
export async function buyAgain(
  db: Database,
  cart: CartService,
  userId: string,
  orderId: string,
): Promise<BuyAgainResult> {
  const lines = await db
    .select({ toolId: orderLines.toolId, name: orderLines.toolName, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const owner = { userId };
  const result: Omit<BuyAgainResult, 'cart'> = { added: [], gone: [], notAdded: [] };
  for (const line of lines) {
    try {
      await cart.addLine(owner, { toolId: line.toolId, quantity: line.quantity });
      result.added.push(line);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') {
        result.gone.push(line);
      } else if (error.code in refusals) {
        const reason = refusals[error.code as keyof typeof refusals];
        result.notAdded.push({ ...line, reason, message: error.message });
      } else {
        throw error;
      }
    }
  }
  return { cart: await cart.read(owner), ...result };
}
