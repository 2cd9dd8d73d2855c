import { z } from 'zod';
import { required } from './fields';

/** A category of the catalogue as the API returns it: ordered by `position`, with its listed tools counted. */
export const categorySchema = z.object({
  _id: z.string(),
  /** Its page's address: /tools/category/{slug}. */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** Tools of the catalogue in it (deleted ones not counted). */
  toolCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

const NAME_MAX = 60;
const DESCRIPTION_MAX = 300;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address form of a name: lower-case words of letters and digits joined by hyphens. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NAME_MAX);

/**
 * POST /categories and PUT /categories/:id: a name, the sentence its page opens with, and optionally the
 * slug of its address (left out: made from the name on a new category, kept on a rename).
 */
export const categoryInputSchema = z.object({
  name: z
    .string({ error: 'Please enter the category’s name' })
    .trim()
    .min(1, required('Please enter the category’s name'))
    .max(NAME_MAX, `Must be ${NAME_MAX} characters or fewer`)
    .refine((name) => slugOf(name) !== '', 'Use at least one letter or digit'),
  description: z
    .string({ error: 'Please enter a description' })
    .trim()
    .min(1, required('Please enter a description'))
    .max(DESCRIPTION_MAX, `Must be ${DESCRIPTION_MAX} characters or fewer`),
  slug: z
    .string()
    .trim()
    .max(NAME_MAX, `Must be ${NAME_MAX} characters or fewer`)
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens')
    .optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** PUT /categories/order: every category's id, in the order the shop lists them from now on. */
export const categoryOrderSchema = z.object({
  order: z.array(z.uuid('Not a category id')).min(1).max(200),
});
export type CategoryOrder = z.infer<typeof categoryOrderSchema>;

export const categoryMessages = {
  notFound: 'Category not found',
  hasTools: (count: number) =>
    `This category still has ${count} ${count === 1 ? 'tool' : 'tools'}: move ${count === 1 ? 'it' : 'them'} to another category first.`,
  taken: 'Another category already has this name or address',
  orderMismatch: 'The new order must name every category once',
} as const;
