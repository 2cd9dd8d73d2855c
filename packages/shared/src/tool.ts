import { z } from 'zod';

/** A tool as the API returns it (SPEC §3). Prices are dollars on the wire and integer cents inside. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  img: z.string(),
  description: z.string(),
  minimumOrder: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.array(toolSchema);
