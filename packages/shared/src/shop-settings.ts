import { z } from 'zod';
import { numberField } from './fields';
import { centsToDollars, dollarsToCents, formatPrice, isWholeCents } from './money';

/** The highest flat shipping fee an admin may set ($1,000.00): anything above is a typo, not a fee. */
export const SHIPPING_FEE_MAX_CENTS = 100_000;

/** The highest free-shipping threshold ($1,000,000.00), within what an order's subtotal can reach. */
export const FREE_SHIPPING_FROM_MAX_CENTS = 100_000_000;

const dollars = (cents: number) => formatPrice(centsToDollars(cents));

/** Why shipping settings are refused, the same words in the admin's form and from the API. */
export const shippingSettingsMessages = {
  shippingFeeRequired: 'Shipping fee is Required',
  shippingFeeNegative: 'The shipping fee cannot be negative',
  shippingFeeTooHigh: `The shipping fee must be at most ${dollars(SHIPPING_FEE_MAX_CENTS)}`,
  freeShippingFromRequired: 'Free shipping from is Required (null: never)',
  freeShippingFromNotPositive: 'Free shipping must start above $0.00: leave it blank for never',
  freeShippingFromTooHigh: `Free shipping must start at ${dollars(FREE_SHIPPING_FROM_MAX_CENTS)} or less`,
  wholeCents: 'Use whole cents',
  twoDecimals: 'Use at most two decimals',
} as const;

const m = shippingSettingsMessages;

/**
 * GET /settings/shipping (public, so the cart can say "free shipping from $X") and PUT /settings/shipping
 * (admin): a flat fee per order, waived from an optional subtotal on (null: the fee always applies). The
 * database's `shop_settings` CHECKs state the same floors.
 */
export const shippingSettingsSchema = z.object({
  shippingFeeCents: numberField(m.shippingFeeRequired)
    .int(m.wholeCents)
    .min(0, m.shippingFeeNegative)
    .max(SHIPPING_FEE_MAX_CENTS, m.shippingFeeTooHigh),
  freeShippingFromCents: numberField(m.freeShippingFromRequired)
    .int(m.wholeCents)
    // min(1) rather than positive(): the same for whole cents, and an OpenAPI 3.0 minimum the tools accept.
    .min(1, m.freeShippingFromNotPositive)
    .max(FREE_SHIPPING_FROM_MAX_CENTS, m.freeShippingFromTooHigh)
    .nullable(),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

// A blank number input reaches the form's schema as NaN (react-hook-form's valueAsNumber).
const blankAsNull = (value: unknown) =>
  value === undefined || value === null || value === '' || Number.isNaN(value) ? null : value;

/**
 * The Shop settings screen's form: dollars as the admin types them, a blank "free shipping from" meaning
 * never; it gives the API's cents.
 */
export const shippingSettingsFormSchema = z
  .object({
    shippingFee: numberField(m.shippingFeeRequired)
      .min(0, m.shippingFeeNegative)
      .max(centsToDollars(SHIPPING_FEE_MAX_CENTS), m.shippingFeeTooHigh)
      .refine(isWholeCents, m.twoDecimals),
    freeShippingFrom: z.preprocess(
      blankAsNull,
      z
        .number({ error: m.freeShippingFromNotPositive })
        .positive(m.freeShippingFromNotPositive)
        .max(centsToDollars(FREE_SHIPPING_FROM_MAX_CENTS), m.freeShippingFromTooHigh)
        .refine(isWholeCents, m.twoDecimals)
        .nullable(),
    ),
  })
  .transform(({ shippingFee, freeShippingFrom }): ShippingSettings => ({
    shippingFeeCents: dollarsToCents(shippingFee),
    freeShippingFromCents: freeShippingFrom === null ? null : dollarsToCents(freeShippingFrom),
  }));
export type ShippingSettingsForm = z.input<typeof shippingSettingsFormSchema>;
