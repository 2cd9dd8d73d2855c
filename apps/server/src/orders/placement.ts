import { and, eq, exists, getTableColumns, lt, lte, sql, TransactionRollbackError } from 'drizzle-orm';
import { MAX_RESERVED_UNITS_PER_ACCOUNT, MAX_UNPAID_ORDERS_PER_ACCOUNT } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import type { PlaceOrderInput } from '@toolshop/shared/order';
import type { Database } from '../db/client';
import { insertSelectList } from '../db/insert-select';
import { orderHolds, orders, tools, user } from '../db/schema';
import type { Viewer } from '../plugins/app/access';
import { AppError, notFound } from '../plugins/app/errors';
import { availableQuantity, inCatalogue, type StockService } from '../tools/stock';

type OrderRow = typeof orders.$inferSelect;

/**
 * Placing an order in one statement (decision 025): the account's room checked and locked, the stock
 * reserved, the order inserted and announced, committed in the same round trip; and, when a rule refused
 * it, which rule. The service (service.ts) decides when to try again.
 */
export function createOrderPlacement(
  db: Database,
  { stock, holdMinutes }: { stock: StockService; holdMinutes: number },
) {
  /** The values an order's statement takes each time it runs (`orderStatement`). */
  const param = {
    userId: sql.placeholder('userId'),
    email: sql.placeholder('email'),
    name: sql.placeholder('name'),
    toolId: sql.placeholder('toolId'),
    quantity: sql.placeholder('quantity'),
    address: sql.placeholder('address'),
    phone: sql.placeholder('phone'),
  };

  /**
   * The buyer's account, when it may place the order: its address is verified and its unpaid orders leave
   * room for one more of `quantity` units (decision 015's bounds). A CTE that locks the account's holds
   * row until the order's statement commits, so two orders of one account cannot both take the last room:
   * PostgreSQL re-checks the bounds on the row it waited for.
   */
  function accountWithRoom(executor: Database) {
    return executor.$with('account').as(
      executor
        .select({ userId: orderHolds.userId })
        .from(orderHolds)
        .innerJoin(user, eq(user.id, orderHolds.userId))
        .where(
          and(
            eq(orderHolds.userId, param.userId),
            eq(user.emailVerified, true),
            lt(orderHolds.unpaidOrders, MAX_UNPAID_ORDERS_PER_ACCOUNT),
            lte(sql`${orderHolds.reservedUnits} + ${param.quantity}`, MAX_RESERVED_UNITS_PER_ACCOUNT),
          ),
        )
        .for('update', { of: orderHolds }),
    );
  }

  /**
   * Places an order in one statement: the account's room checked and locked, the stock reserved, the order
   * inserted from the reservation and its change announced. Sent alone it commits in the same round trip,
   * so the tool's row, the lock every buyer of the tool queues on, is held for no network round trip at
   * all. Built with placeholders, so that it can be prepared once (`placeOrder`).
   */
  function orderStatement(executor: Database) {
    const account = accountWithRoom(executor);
    const { reserved, notify } = stock.reservation(
      executor,
      param.toolId,
      param.quantity,
      exists(executor.select({ userId: account.userId }).from(account)),
    );
    return executor
      .with(account, reserved)
      .insert(orders)
      .select(
        executor
          .select(
            insertSelectList(orders, {
              userId: sql`${param.userId}`,
              email: sql`${param.email}`,
              name: sql`${param.name}`,
              toolId: reserved.id,
              toolName: reserved.name,
              quantity: sql`${param.quantity}`,
              unitPriceCents: reserved.priceCents,
              address: sql`${param.address}`,
              phone: sql`${param.phone}`,
              expiresAt: sql`now() + make_interval(mins => ${holdMinutes})`,
            }),
          )
          .from(reserved),
      )
      .returning({ ...getTableColumns(orders), announced: notify });
  }

  // Built and prepared once: a request only sends its values.
  const placeOrder = orderStatement(db).prepare('place_order');

  /**
   * Runs the order's statement; nothing when a rule refused it (`whyRefused` tells which). Inside an
   * idempotent request's transaction it runs in a savepoint, rolled back when refused: the account's
   * holds row it may have locked is let go before the due holds are expired, which lock orders first.
   */
  async function place(
    within: Database,
    viewer: Viewer,
    input: PlaceOrderInput,
    toolId: string,
  ): Promise<OrderRow | undefined> {
    const { values: announcement, made, committed } = stock.reservationRun();
    const values = {
      userId: viewer.id,
      email: viewer.email,
      name: viewer.name,
      toolId,
      quantity: input.quantity,
      address: input.address,
      phone: input.phone || null,
      ...announcement,
    };
    if (within === db) {
      const [order] = await placeOrder.execute(values);
      if (!order) return undefined;
      committed();
      return order;
    }
    const order = await within
      .transaction(async (savepoint) => {
        const [row] = await orderStatement(savepoint).execute(values);
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
