import type { Tool } from './tool';

// No zod here (type imports only): the product page, the catalogue and the cards' Add to cart use this
// without loading zod.

/** What a customer reads about a tool's stock (its page, schema.org availability). */
export type StockState = 'in-stock' | 'low' | 'sold-out';

/**
 * A tool without a threshold of its own is low below this many minimum orders: the TypeScript side of the
 * database's `tool_low_stock_threshold` (migration 0015), which the owner's low-stock mail uses.
 */
export const DEFAULT_LOW_STOCK_MINIMUM_ORDERS = 2;

/**
 * Sold out when not even the minimum order is left to order; low below the tool's threshold (default:
 * `DEFAULT_LOW_STOCK_MINIMUM_ORDERS` minimum orders), the same rule as the owner's low-stock mail.
 */
export function stockStateOf(
  tool: Pick<Tool, 'availableQuantity' | 'minimumOrder' | 'lowStockThreshold'>,
): StockState {
  if (tool.availableQuantity < tool.minimumOrder) return 'sold-out';
  const threshold = tool.lowStockThreshold ?? tool.minimumOrder * DEFAULT_LOW_STOCK_MINIMUM_ORDERS;
  return tool.availableQuantity < threshold ? 'low' : 'in-stock';
}

/** SPEC §4/§5: a quantity is valid from the tool's minimum order up to what is in stock. */
export function isQuantityAllowed(
  quantity: number,
  tool: { minimumOrder: number; availableQuantity: number },
): boolean {
  return Number.isInteger(quantity) && quantity >= tool.minimumOrder && quantity <= tool.availableQuantity;
}
