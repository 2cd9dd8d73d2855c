import { randomUUID } from 'node:crypto';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import type { PlaceOrderInput } from '@toolshop/shared/order';
import { CHANGE_CHANNEL } from '../db/change-feed';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { orderHolds, orders, tools, user } from '../db/schema';
import { createBatcher } from '../lib/batches';
import type { Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { availableQuantity, inCatalogue, type StockService } from '../tools/stock';

type OrderRow = typeof orders.$inferSelect;

/** At most this many orders go in one call of `place_orders`. */
const BATCH_MAX_ORDERS = 64;

/** An order as `place_orders` takes it: named by the id its caller chose, so its answer can be found. */
interface WantedOrder {
  id: string;
  userId: string;
  email: string;
  name: string;
  toolId: string;
  quantity: number;
  address: string;
  phone: string | null;
}

/**
 * Placing orders (decision 032): the database's `place_orders` (migration 0010) checks and locks each
 * account's room, reserves the stock (the tools feature's `take_stock`), inserts the order and announces
 * the change, for a whole batch of orders with one COMMIT; and, when a rule refused an order, which rule.
 * The service (service.ts) decides when to try again.
 */
export function createOrderPlacement(
  db: Database,
  { stock, holdMinutes }: { stock: StockService; holdMinutes: number },
) {
  /** One call of `place_orders`: the orders of `wanted` it placed, announced with `payload`. */
  async function placeOrders(
    executor: Database,
    wanted: WantedOrder[],
    payload: string,
  ): Promise<OrderRow[]> {
    const result = await executor.execute(
      sql`select * from place_orders(${JSON.stringify(wanted)}::jsonb, ${MAX_UNPAID_ORDERS_PER_ACCOUNT},
        ${MAX_RESERVED_UNITS_PER_ACCOUNT}, ${holdMinutes}, ${CHANGE_CHANNEL}, ${payload})`,
    );
    return rowsOf(orders, result);
  }

  /**
   * Orders sent on their own: one call in flight, and the orders that arrive meanwhile go together in the
   * next. Each call commits as it answers, so a tool's row, the lock every buyer of the tool queues on, is
   * held for no network round trip, and it changes hands once per batch instead of once per order.
   */
  const placeInBatches = createBatcher(
    async (wanted: WantedOrder[]) => {
      const { payload, committed } = stock.reservationRun(wanted.map((order) => order.toolId));
      const placed = new Map((await placeOrders(db, wanted, payload)).map((row) => [row.id, row]));
      if (placed.size > 0) committed();
      return wanted.map((order) => placed.get(order.id));
    },
    { maxSize: BATCH_MAX_ORDERS, inFlight: 1 },
  );

  /**
   * Places the order; nothing when a rule refused it (`whyRefused` tells which). Inside an idempotent
   * request's transaction it goes alone, in a savepoint rolled back when refused: the account's holds row
   * it locked is let go before the due holds are expired, which lock orders first.
   */
  async function place(
    within: Database,
    viewer: Viewer,
    input: PlaceOrderInput,
    toolId: string,
  ): Promise<OrderRow | undefined> {
    const wanted: WantedOrder = {
      id: randomUUID(),
      userId: viewer.id,
      email: viewer.email,
      name: viewer.name,
      toolId,
      quantity: input.quantity,
      address: input.address,
      phone: input.phone || null,
    };
    if (within === db) return placeInBatches(wanted);
    const { payload, made } = stock.reservationRun([toolId]);
    const order = await within
      .transaction(async (savepoint) => {
        const [row] = await placeOrders(savepoint, [wanted], payload);
        if (!row) savepoint.rollback();
        return row;
      })
      .catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      });
    if (!order) return undefined;
    made();
    return order;
  }

  /**
   * Why an order was refused, read after the fact: the first rule it breaks now, in the order a customer
   * should hear them. Undefined when none does any more (another request freed the room or the stock
   * meanwhile), and the order may simply be tried again.
   */
  async function whyRefused(
    executor: Database,
    viewer: Viewer,
    toolId: string,
    quantity: number,
  ): Promise<AppError | undefined> {
    const [[account], [tool]] = await Promise.all([
      executor
        .select({
          emailVerified: user.emailVerified,
          unpaidOrders: orderHolds.unpaidOrders,
          reservedUnits: orderHolds.reservedUnits,
        })
        .from(user)
        .leftJoin(orderHolds, eq(orderHolds.userId, user.id))
        .where(eq(user.id, viewer.id)),
      executor
        .select({ name: tools.name, minimumOrder: tools.minimumOrder, available: availableQuantity })
        .from(tools)
        .where(and(eq(tools.id, toolId), inCatalogue)),
    ]);
    if (!account?.emailVerified) return new AppError(403, 'email_not_verified', apiMessages.emailNotVerified);
    // Every account has its row from the moment it exists (a trigger on users): not a customer's error.
    if (account.unpaidOrders === null || account.reservedUnits === null) {
      throw new Error(`order_holds has no row for account ${viewer.id}`);
    }
    if (account.unpaidOrders >= MAX_UNPAID_ORDERS_PER_ACCOUNT) {
      return new AppError(
        429,
        'too_many_unpaid_orders',
        apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
      );
    }
    if (account.reservedUnits + quantity > MAX_RESERVED_UNITS_PER_ACCOUNT) {
      const message = apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT);
      return new AppError(409, 'reserved_units_limit', message, { 'body.quantity': message });
    }
    if (!tool) return notFound('Tool not found');
    if (quantity < tool.minimumOrder) {
      return new AppError(
        400,
        'below_minimum_order',
        `The minimum order for ${tool.name} is ${tool.minimumOrder}.`,
        { 'body.quantity': 'quantity error' },
      );
    }
    if (tool.available < quantity) {
      return new AppError(409, 'insufficient_stock', `Only ${tool.available} left in stock.`);
    }
    return undefined;
  }

  return { place, whyRefused };
}
