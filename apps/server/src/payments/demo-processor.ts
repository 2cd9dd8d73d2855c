import { randomBytes } from 'node:crypto';
import { cardMessages, DEMO_CARDS } from '@toolshop/shared/payment';

export type DemoCharge =
  | { ok: true; transactionId: string }
  | { ok: false; code: 'card_declined' | 'insufficient_funds'; message: string };

/**
 * The demo processor used when the shop has no Stripe keys. It answers Stripe's published test cards as
 * Stripe's test mode does: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds, and any other (well-formed) number is declined too, as a real card is in test mode.
 * Nothing is charged and no card data is stored.
 */
export function chargeDemoCard(cardNumber: string): DemoCharge {
  switch (cardNumber) {
    case DEMO_CARDS.succeeds:
      return { ok: true, transactionId: `demo_${randomBytes(12).toString('hex')}` };
    case DEMO_CARDS.insufficientFunds:
      return { ok: false, code: 'insufficient_funds', message: cardMessages.insufficientFunds };
    default:
      return { ok: false, code: 'card_declined', message: cardMessages.declined };
  }
}
