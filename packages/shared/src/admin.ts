import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

/** The chart periods the Sales Overview offers (days, today included). */
export const OVERVIEW_CHART_DAYS = [7, 30, 90] as const;
export const DEFAULT_OVERVIEW_DAYS = 30;

/** GET /admin/overview?days=: the chart's and the top tools' period. */
export const overviewQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (OVERVIEW_CHART_DAYS as readonly number[]).includes(days), 'days must be 7, 30 or 90')
    .default(DEFAULT_OVERVIEW_DAYS),
});

/** Revenue (dollars, exact to the cent), orders and average order value of some days. */
const salesFiguresSchema = z.object({
  revenue: z.number(),
  orders: z.number().int(),
  averageOrderValue: z.number(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/** A period ending today (UTC days, today included) and the same number of days just before it. */
const salesPeriodSchema = z.object({
  days: z.number().int(),
  current: salesFiguresSchema,
  previous: salesFiguresSchema,
});
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

const topToolSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  units: z.number().int(),
  revenue: z.number(),
});
export type TopTool = z.infer<typeof topToolSchema>;

const waitingSchema = z.object({
  count: z.number().int(),
  /** When the longest-waiting of them was placed (unpaid) or paid (awaiting delivery). */
  oldest: z.string().nullable(),
});

export const lowStockToolSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  availableQuantity: z.number().int(),
  onHand: z.number().int(),
  minimumOrder: z.number().int(),
  /** The tool's own threshold, else twice its minimum order. */
  threshold: z.number().int(),
});
export type LowStockTool = z.infer<typeof lowStockToolSchema>;

/**
 * GET /admin/overview. Revenue counts paid and delivered orders at their order's unit price, on the UTC
 * day they were paid.
 */
export const overviewSchema = z.object({
  /** Today, the last 7 days and the last 30 days, in that order. */
  periods: z.array(salesPeriodSchema),
  /** One entry per UTC day of the chosen period, oldest first. */
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  days: z.number().int(),
  topByUnits: z.array(topToolSchema),
  topByRevenue: z.array(topToolSchema),
  waiting: z.object({
    /** Unpaid for more than a day and still holding stock. */
    unpaid: waitingSchema,
    /** Paid, not yet delivered. */
    undelivered: waitingSchema,
  }),
  lowStock: z.array(lowStockToolSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

/** The admin actions the activity log records. */
export const ACTIVITY_KINDS = [
  'product.added',
  'product.edited',
  'product.deleted',
  'product.restocked',
  'user.promoted',
  'user.revoked',
  'order.shipped',
  'order.delivered',
  'settings.shipping',
  'product-review.hidden',
  'admin.signed-in',
  'category.added',
  'category.edited',
  'category.reordered',
  'category.deleted',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'product.added': 'Product added',
  'product.edited': 'Product edited',
  'product.deleted': 'Product deleted',
  'product.restocked': 'Product restocked',
  'user.promoted': 'User promoted',
  'user.revoked': 'Admin rights revoked',
  'order.shipped': 'Order marked shipped',
  'order.delivered': 'Order marked delivered',
  'settings.shipping': 'Shipping settings changed',
  'product-review.hidden': 'Product review hidden',
  'admin.signed-in': 'Admin signed in',
  'category.added': 'Category added',
  'category.edited': 'Category edited',
  'category.reordered': 'Categories reordered',
  'category.deleted': 'Category deleted',
};

export const ACTIVITY_PAGE_LIMIT = 25;

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any JSON value (what `z.json()` accepts), named and referring to itself by that name, so that an
 * OpenAPI document can describe it (decision 041).
 */
const jsonValueSchema: z.ZodType<JsonValue> = z
  .lazy(() =>
    z.union([
      // null as a nullable string rather than a branch of its own: OpenAPI 3.0 has no null type.
      z.string().nullable(),
      z.number(),
      z.boolean(),
      z.array(jsonValueSchema),
      z.record(z.string(), jsonValueSchema),
    ]),
  )
  .meta({ id: 'JsonValue' });

export const activityEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  kind: activityKindSchema,
  actor: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  /**
   * What the action was done to: a tool, a user, an order, the shop's settings or a product review, named
   * as it was then.
   */
  subject: z.object({
    type: z.enum(['tool', 'user', 'order', 'session', 'settings', 'category', 'product-review']),
    id: z.string(),
    label: z.string(),
  }),
  details: z.record(z.string(), jsonValueSchema),
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /admin/activity?kind=&actor=&page=&limit= (actor: an account id). */
export const activityQuerySchema = pageQuerySchema.extend({
  kind: activityKindSchema.optional(),
  actor: z.string().trim().min(1).max(200).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = pageSchema(activityEntrySchema).extend({
  /** Everyone who has entries, for the "by person" filter. */
  actors: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
