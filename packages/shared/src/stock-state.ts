import type { Tool } from './tool';

// No zod here (type imports only): the product page and the catalogue use this without loading zod.

/** What a customer reads about a tool's stock (its page, schema.org availability). */
export type StockState = 'in-stock' | 'low' | 'sold-out';

/**
 * Sold out when not even the minimum order is left to order; low below the tool's threshold (default:
 * twice its minimum order), the same rule as the owner's low-stock mail.
 */
export function stockStateOf(
  tool: Pick<Tool, 'availableQuantity' | 'minimumOrder' | 'lowStockThreshold'>,
): StockState {
  if (tool.availableQuantity < tool.minimumOrder) return 'sold-out';
  const threshold = tool.lowStockThreshold ?? tool.minimumOrder * 2;
  return tool.availableQuantity < threshold ? 'low' : 'in-stock';
}
