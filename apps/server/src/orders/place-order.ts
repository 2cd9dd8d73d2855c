import { and, eq, or } from 'drizzle-orm';
import type { Order, PlaceOrderInput } from '@toolshop/shared/order';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { orders, tools } from '../db/schema';
import { AppError, notFound } from '../plugins/app/errors';
import { inCatalogue, type StockService } from '../tools/stock';
import type { Viewer } from '../viewer';
import { toOrderDto } from './order-dto';
import { expireDueOrdersWithin } from './order-expiry';
import { createOrderPlacement, RuleRefusal } from './placement';

export interface PlaceOrderDependencies {
  stock: StockService;
  /** ORDER_HOLD_MINUTES: how long a new order holds its stock. */
  holdMinutes: number;
}

/** Placing one order: which tool it names, its placement, and the one retry after expiring due holds. */
export function createPlaceOrder(db: Database, { stock, holdMinutes }: PlaceOrderDependencies) {
  const placement = createOrderPlacement(db, { stock, holdMinutes });

  /** The tool an order names: by id (our web app) or by exact name (SPEC §7's clients). */
  async function resolveToolId(input: PlaceOrderInput, executor: Database): Promise<string> {
    if (input.toolId) {
      if (!isUuid(input.toolId)) throw notFound('Tool not found');
      return input.toolId;
    }
    const matches = await executor
      .select({ id: tools.id })
      .from(tools)
      .where(and(eq(tools.name, input.tool!), inCatalogue))
      .limit(2);
    if (matches.length === 0) throw notFound('Tool not found');
    if (matches.length > 1) {
      throw new AppError(400, 'invalid_input', 'Several tools have this name: send its toolId.', {
        'body.toolId': 'Name the tool by its id',
      });
    }
    return matches[0]!.id;
  }

  /**
   * Places an order and reserves its stock in one call of the database's `place_orders`, together with
   * the orders that reach this process meanwhile (`placement.ts`); the reservation is one conditional
   * UPDATE (tools/stock.ts), so two buyers racing for the last units can never both get them. The
   * order holds its units until it is paid, cancelled, or `holdMinutes` pass. Holds already past their
   * time still count until they are expired, so a refused order first expires those of its tool and
   * account and tries once more: correctness never waits for the periodic sweep, and an order
   * that has the room pays nothing for it. A refusal is the reason `place_orders` gave when it refused
   * (decision 042). `within`: the transaction of an idempotent request, so that
   * its stored answer commits with the order; every query of the call runs in it (PGlite would wait
   * forever for a second transaction).
   */
  return async function placeOrder(
    viewer: Viewer,
    input: PlaceOrderInput,
    within: Database = db,
  ): Promise<Order> {
    const toolId = await resolveToolId(input, within);
    const attempt = () => placement.place(within, viewer, input, toolId);
    const expireDueHolds = (tx: Database) =>
      expireDueOrdersWithin(tx, stock, or(eq(orders.toolId, toolId), eq(orders.userId, viewer.id)));
    let placed = await attempt();
    if (
      placed instanceof RuleRefusal &&
      (await (within === db ? db.transaction(expireDueHolds) : expireDueHolds(within))) > 0
    ) {
      placed = await attempt();
    }
    if (placed instanceof RuleRefusal) throw placed.error;
    return toOrderDto(placed);
  };
}
