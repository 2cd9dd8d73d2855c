import { z } from 'zod';
import { orderLineSchema, orderStatusSchema } from './order';

/** Stripe's published test cards, which the demo processor follows (ARCHITECTURE §3). */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Card error texts, worded as Stripe words them. */
export const cardMessages = {
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: 'Your card’s expiration date is incomplete.',
  pastExpiry: 'Your card’s expiration date is in the past.',
  invalidCvc: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: Date = new Date()): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear < now.getFullYear() || (fullYear === now.getFullYear() && month < now.getMonth() + 1);
}

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/** The demo card form; the server checks it again (the client's checks are only a convenience). */
export const demoCardSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine(passesLuhn, cardMessages.invalidNumber),
    expiry: z.string().trim().regex(EXPIRY_PATTERN, cardMessages.incompleteExpiry),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, cardMessages.invalidCvc),
  })
  .superRefine((card, context) => {
    const match = EXPIRY_PATTERN.exec(card.expiry);
    if (match && isExpired(Number(match[1]), Number(match[2]))) {
      context.addIssue({ code: 'custom', path: ['expiry'], message: cardMessages.pastExpiry });
    }
  });
export type DemoCardInput = z.input<typeof demoCardSchema>;

/**
 * GET /payment/:id: what the payment page shows (SPEC §7 reads tool and quantity; an order of several
 * lines shows each line and its amounts, all in dollars as the server computed them).
 */
export const paymentSummarySchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  name: z.string(),
  email: z.string(),
  tool: z.string(),
  quantity: z.number().int(),
  /** Null on an order of several lines. */
  unitPrice: z.number().nullable(),
  lines: z.array(orderLineSchema),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  status: orderStatusSchema,
  transactionId: z.string().nullable(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** The outcome of a demo payment that went through. */
export const paymentResultSchema = z.object({ status: z.literal('paid'), transactionId: z.string() });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** POST /payment/:id/intent (Stripe mode): what Stripe's Payment Element needs. */
export const paymentIntentSchema = z.object({ clientSecret: z.string() });
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;
