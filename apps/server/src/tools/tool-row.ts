import { getTableColumns } from 'drizzle-orm';
import { centsToDollars } from '@toolshop/shared/money';
import type { ListedTool, Tool } from '@toolshop/shared/tool';
import { tools } from '../db/schema';
import { availableQuantity } from './stock';
import { ratingAverage, ratingCount } from './tool-query';

// The search's words stay in the database: no answer shows them (decision 056).
const { searchVector: _searchVector, ...toolColumns } = getTableColumns(tools);

/**
 * A tool's row as the shop reads it: its columns, what customers may order now (the database's rule), and
 * its customers' rating (kept by the product reviews' trigger, decision 057).
 */
export const toolRowColumns = {
  ...toolColumns,
  available: availableQuantity,
  ratingAverage,
  ratingCount,
};
export type ToolRow = Omit<typeof tools.$inferSelect, 'searchVector'> & {
  available: number;
  ratingAverage: string | number | null;
  ratingCount: number;
};

/** The wire shape of SPEC §3: `_id`, dollars, camelCase quantities. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    img: row.img,
    images: [row.img, ...row.gallery],
    description: row.description,
    minimumOrder: row.minimumOrder,
    availableQuantity: row.available,
    onHand: row.onHand,
    reserved: row.reserved,
    lowStockThreshold: row.lowStockThreshold,
    categoryId: row.categoryId,
    // numeric arrives as text from the database: a raw SQL select is not mapped by a column's mode.
    rating: {
      average: row.ratingAverage === null ? null : Number(row.ratingAverage),
      count: Number(row.ratingCount),
    },
  };
}

/** SPEC §7's plain list keeps the fields it always had (decisions 055, 057, 058). */
export function toListedTool(row: ToolRow): ListedTool {
  const { categoryId: _category, rating: _rating, images: _images, ...listed } = toToolDto(row);
  return listed;
}
