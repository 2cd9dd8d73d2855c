import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import type { ApiErrorBody } from '@toolshop/shared/api-error';
import { buyAgainNotice, type BuyAgainResult } from '@toolshop/shared/buy-again';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { loadAsVisitor } from '../../lib/storefront';

/**
 * One order with its timeline, read on the server as the visitor (their session cookie): signed out, the
 * login page that comes back here; someone else's or an unknown order, the not-found page (the API answers
 * 404 for both, so a guessed id tells nothing).
 */
export const loadOrderDetail = (context: AppLoadContext, request: Request, orderId: string) =>
  loadAsVisitor<OrderDetail>(context, request, `/api/order/${encodeURIComponent(orderId)}/detail`);

/** The `intent` of a Buy again form, which posts to the cart's route action. */
export const BUY_AGAIN_INTENT = 'buy-again';

const buyAgainFormSchema = z.object({ intent: z.literal(BUY_AGAIN_INTENT), orderId: z.uuid() });

/** What the cart page shows after Buy again: the notice's sentences, or why nothing could be done. */
export type BuyAgainActionResult = { intent: typeof BUY_AGAIN_INTENT } & (
  { ok: true; notice: string[] } | { ok: false; message: string }
);

/**
 * Buy again's route action: the order's lines back in the visitor's cart through the API, and the notice
 * saying what went in and what did not (tools no longer sold, lines the cart refused).
 */
export async function runBuyAgain(context: AppLoadContext, form: FormData) {
  const parsed = buyAgainFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<BuyAgainActionResult>(
      { intent: BUY_AGAIN_INTENT, ok: false, message: 'This order could not be read.' },
      { status: 400 },
    );
  }
  const answer = await context.storefront.send<BuyAgainResult>(
    'POST',
    `/api/order/${encodeURIComponent(parsed.data.orderId)}/buy-again`,
  );
  if (answer.status >= 400) {
    const message =
      (answer.body as Partial<ApiErrorBody> | undefined)?.error?.message ??
      `This order could not be bought again (${answer.status}).`;
    return data<BuyAgainActionResult>(
      { intent: BUY_AGAIN_INTENT, ok: false, message },
      { status: answer.status },
    );
  }
  return data<BuyAgainActionResult>({
    intent: BUY_AGAIN_INTENT,
    ok: true,
    notice: buyAgainNotice(answer.body),
  });
}
