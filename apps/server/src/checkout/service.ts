import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Checkout, PlaceCheckoutInput } from '@toolshop/shared/cart';
import type { Order } from '@toolshop/shared/order';
import { accountBoundRefusal } from '../db/order-bounds';
import type { Database } from '../db/client';
import { cartLines, carts, orders, user } from '../db/schema';
import { AppError } from '../plugins/app/errors';
import type { Answer, IdempotencyClaim } from '../plugins/app/idempotency';
import type { StockService } from '../tools/stock';
import type { Viewer } from '../viewer';
import type { CartService } from '../cart/service';
import { createCheckoutPlacement } from './placement';

/**
 * Checking a cart out (decision 048): one order of several lines, placed by the database's
 * `place_checkout`, all lines or none (decision 047), in batches (decision 060).
 */
export function createCheckoutService(
  db: Database,
  {
    carts: cartService,
    stock,
    holdMinutes,
  }: { carts: CartService; stock: StockService; holdMinutes: number },
) {
  const placeInBatches = createCheckoutPlacement(db, { stock, holdMinutes });
  /** The last request of each key in flight here: the next with the key runs after it. */
  const keysInFlight = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
    const mine = (keysInFlight.get(key) ?? Promise.resolve()).then(run, run);
    keysInFlight.set(key, mine);
    const forget = () => {
      if (keysInFlight.get(key) === mine) keysInFlight.delete(key);
    };
    mine.then(forget, forget);
    return mine;
  }

  return {
    /** The cart to check out and where the customer's last order went; only for a confirmed address. */
    async read(viewer: Viewer): Promise<Checkout> {
      const [account] = await db
        .select({ verified: user.emailVerified })
        .from(user)
        .where(eq(user.id, viewer.id));
      if (!account?.verified) {
        const bound = accountBoundRefusal('email_not_verified')!;
        throw new AppError(bound.statusCode, bound.code, bound.message);
      }
      const [last] = await db
        .select({ address: orders.address, phone: orders.phone })
        .from(orders)
        .where(eq(orders.userId, viewer.id))
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return {
        cart: await cartService.read({ userId: viewer.id }),
        address: last?.address ?? null,
        phone: last?.phone ?? null,
      };
    },

    /**
     * Places the order, with the checkouts that reach this process meanwhile (decision 060). Without
     * `lines`, the cart's lines at the prices the buyer last saw. Either way the ordered tools' lines leave
     * the account's cart. With a key (`claim`), a retry gets the order the key placed: a retry sent while its
     * first is still on its way waits for it here, as one from another instance waits for the key's row.
     */
    place(
      viewer: Viewer,
      input: PlaceCheckoutInput,
      claim: IdempotencyClaim | undefined,
    ): Promise<Answer<Order>> {
      const place = async () => {
        const toolIds = input.lines
          ? input.lines.map((line) => line.toolId)
          : (
              await db
                .select({ toolId: cartLines.toolId })
                .from(cartLines)
                .innerJoin(carts, eq(carts.id, cartLines.cartId))
                .where(eq(carts.userId, viewer.id))
            ).map((line) => line.toolId);
        const outcome = await placeInBatches({
          id: randomUUID(),
          userId: viewer.id,
          lines: input.lines ?? null,
          toolIds,
          details: {
            email: viewer.email,
            name: viewer.name,
            address: input.address,
            phone: input.phone ?? null,
          },
          claim,
        });
        if (outcome instanceof Error) throw outcome;
        return outcome;
      };
      return claim ? oneAtATime(`${viewer.id}\n${claim.key}`, place) : place();
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
