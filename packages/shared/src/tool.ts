import { z } from 'zod';
import { numberField, required } from './fields';
import { messages } from './messages';
import { formatCount } from './number-format';
import { isWholeCents } from './money';
import { imageUrlField } from './profile';

/** A tool as the API returns it (SPEC §3). Prices are dollars on the wire and integer cents inside. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  /** Its main photo (SPEC §3): the first of `images`. */
  img: z.string(),
  /** All its photos in the admin's order, the main one first (decision 058). */
  images: z.array(z.string()),
  description: z.string(),
  minimumOrder: z.number().int(),
  /** What customers may order: on hand − reserved. */
  availableQuantity: z.number().int(),
  /** What the admin counts on the shelf, including units held for unpaid orders (what PUT/PATCH set). */
  onHand: z.number().int(),
  /** Units held by unpaid orders until they are paid, cancelled or expire. */
  reserved: z.number().int(),
  /** Below this many available units the tool is low on stock; null: twice its minimum order. */
  lowStockThreshold: z.number().int().nullable(),
  /** Its category's id; null: in none (a tool added by a client that named none). */
  categoryId: z.string().nullable(),
  /** Its customers' stars: the mean of its visible reviews (null without any) and how many there are. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type Tool = z.infer<typeof toolSchema>;

/** SPEC §7's plain list: each tool with the fields it always had (decision 055). */
export const listedToolSchema = toolSchema.omit({ categoryId: true, rating: true, images: true });
export type ListedTool = z.infer<typeof listedToolSchema>;
export const toolListSchema = z.array(listedToolSchema);

/**
 * PATCH /tools/:id (SPEC §7's name): an admin sets the stock on hand, e.g. after counting the shelf or a
 * delivery from the supplier. It counts the units held for unpaid orders (they are still on the shelf), so
 * a restock never double-counts a reservation; it may not go below what is reserved.
 */
export const restockSchema = z.object({
  restAvailableQuantity: numberField(messages.availableQuantityRequired)
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(1_000_000, 'Must be at most 1,000,000'),
});

const NAME_MAX = 120;
const DESCRIPTION_MAX = 1000;
const PRICE_MAX = 100_000;
const QUANTITY_MAX = 1_000_000;

const wholeNumber = (required: string, min: number) =>
  numberField(required)
    .int('Must be a whole number')
    .min(min, `Must be ${min} or more`)
    .max(QUANTITY_MAX, `Must be at most ${formatCount(QUANTITY_MAX)}`);

const toolNameField = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, required(messages.nameRequired))
  .max(NAME_MAX, `Must be ${NAME_MAX} characters or fewer`);

/** The fields an admin sets on a new product and on an edit, besides the name. */
const editableToolFields = {
  price: numberField(messages.priceRequired)
    .positive('The price must be more than 0')
    .max(PRICE_MAX, `The price must be at most $${formatCount(PRICE_MAX)}`)
    .refine(isWholeCents, 'Use at most two decimals'),
  /** The stock on hand (SPEC's field name): on a new product all of it is available. */
  availableQuantity: wholeNumber(messages.availableQuantityRequired, 0),
  minimumOrder: wholeNumber(messages.minimumOrderRequired, 1),
  description: z
    .string({ error: messages.descriptionRequired })
    .trim()
    .min(1, required(messages.descriptionRequired))
    .max(DESCRIPTION_MAX, `Must be ${DESCRIPTION_MAX} characters or fewer`),
  img: z
    .string({ error: messages.imageRequired })
    .trim()
    .min(1, required(messages.imageRequired))
    .pipe(imageUrlField),
  /** Optional, so that SPEC §7's body still adds a tool; null or left out: in no category. */
  categoryId: z.uuid('Choose a category').nullable().optional(),
};

const MINIMUM_ABOVE_STOCK = 'The minimum order cannot be above the available quantity';

/** A minimum order above the stock would make the tool impossible to buy. */
const minimumWithinStock = (tool: { minimumOrder: number; availableQuantity: number }) =>
  tool.minimumOrder <= tool.availableQuantity;

/** SPEC §5's Add a Product form and POST /tools's body. */
export const toolInputSchema = z
  .object({ name: toolNameField, ...editableToolFields })
  .refine(minimumWithinStock, { path: ['minimumOrder'], message: MINIMUM_ABOVE_STOCK });
export type ToolInput = z.infer<typeof toolInputSchema>;

/**
 * PUT /tools/:id: an admin's edit of price, stock, minimum order, description and image and, when given,
 * of the name (orders already placed keep the name they were placed with) and the low-stock threshold
 * (null: back to the default, twice the minimum order). Left out, those two keep their value.
 */
// Unlike a new product, an edited one may be left with less stock than its minimum order: a tool that has
// sold out is still edited (its price, its text) before it is restocked. The shop shows it as sold out.
export const toolUpdateSchema = z.object({
  ...editableToolFields,
  name: toolNameField.optional(),
  lowStockThreshold: wholeNumber('The low-stock threshold must be a number', 0).nullable().optional(),
});
export type ToolUpdate = z.infer<typeof toolUpdateSchema>;

/**
 * The Add a Product form: POST /tools's body without `img`, which the form only knows once its upload
 * finishes on submit. Same fields and same stock rule as toolInputSchema.
 */
export const toolFormSchema = z
  .object(toolInputSchema.shape)
  .omit({ img: true })
  .refine(minimumWithinStock, { path: ['minimumOrder'], message: MINIMUM_ABOVE_STOCK });

/**
 * Manage All Products' edit form: the PUT fields, the name always shown; a new image is optional and
 * uploaded on submit.
 */
export const toolEditFormSchema = toolUpdateSchema.omit({ img: true }).extend({ name: toolNameField });

/** How many photos a tool may have, the main one included (decision 058; the database keeps it too). */
export const TOOL_IMAGES_MAX = 8;

/**
 * PUT /tools/:id/images: a tool's photos in their new order, the main one first. Every photo it keeps is
 * named again; one left out is removed from the tool (the upload itself stays, as any upload does).
 */
export const toolImagesSchema = z.object({
  images: z
    .array(imageUrlField)
    .min(1, 'A product needs at least one photo')
    .max(TOOL_IMAGES_MAX, `A product has at most ${TOOL_IMAGES_MAX} photos`)
    .refine((images) => new Set(images).size === images.length, 'Each photo may appear once'),
});
export type ToolImages = z.infer<typeof toolImagesSchema>;
