import { asc, eq } from 'drizzle-orm';
import { centsToDollars } from '@toolshop/shared/money';
import type { Tool } from '@toolshop/shared/tool';
import type { Database } from '../db/client';
import { tools } from '../db/schema';
import { isUuid } from '../db/ids';
import { notFound } from '../plugins/app/errors';

type ToolRow = typeof tools.$inferSelect;

/** The wire shape of SPEC §3: `_id`, dollars, camelCase quantities. */
export function toToolDto(row: ToolRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    img: row.img,
    description: row.description,
    minimumOrder: row.minimumOrder,
    availableQuantity: row.availableQuantity,
  };
}

export function createToolService(db: Database) {
  return {
    /** The whole catalogue, oldest first: the home page shows the first six. */
    async list(): Promise<Tool[]> {
      const rows = await db.select().from(tools).orderBy(asc(tools.createdAt), asc(tools.id));
      return rows.map(toToolDto);
    },

    async get(id: string): Promise<Tool> {
      // A malformed id cannot name a tool: answer as for any unknown one instead of letting the
      // database reject the cast.
      if (!isUuid(id)) throw notFound('Tool not found');
      const [row] = await db.select().from(tools).where(eq(tools.id, id));
      if (!row) throw notFound('Tool not found');
      return toToolDto(row);
    },
  };
}

export type ToolService = ReturnType<typeof createToolService>;
