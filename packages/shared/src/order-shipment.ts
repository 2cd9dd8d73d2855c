import { z } from 'zod';

/** An optional shipment detail: blank means not given. */
const shipmentField = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be 100 characters or fewer`)
    .optional()
    .transform((value) => value || null);

/** The Mark shipped dialog's fields: the body of {@link shipOrderSchema} when one is sent. */
export const shipmentFormSchema = z.object({
  carrier: shipmentField('Carrier'),
  trackingNumber: shipmentField('Tracking number'),
});
export type ShipmentForm = z.input<typeof shipmentFormSchema>;

/**
 * POST /order/:id/ship (admin): a paid order is on its way, with the carrier and tracking number when the
 * admin knows them. Both are told to the customer in the shipped mail and shown on the order's timeline.
 */
export const shipOrderSchema = shipmentFormSchema
  // A request without a body reaches the schema as null.
  .nullish()
  .transform((body) => body ?? { carrier: null, trackingNumber: null });
export type ShipOrderInput = z.input<typeof shipOrderSchema>;
export type Shipment = z.output<typeof shipOrderSchema>;
