import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { buyAgainNotice, type BuyAgainResult } from '@toolshop/shared/buy-again';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { paths } from '@toolshop/shared/paths';
import { loadAsVisitor } from '../../lib/storefront';
import { BUY_AGAIN_INTENT, DELETE_ORDER_INTENT } from './order-form-intents';
import { apiRefusal } from '../../lib/form-actions';

/**
 * One order with its timeline, read on the server as the visitor (their session cookie): signed out, the
 * login page that comes back here; someone else's or an unknown order, the not-found page (the API answers
 * 404 for both, so a guessed id tells nothing).
 */
export const loadOrderDetail = (context: AppLoadContext, request: Request, orderId: string) =>
  loadAsVisitor<OrderDetail>(context, request, `/api/order/${encodeURIComponent(orderId)}/detail`);

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
    return data<BuyAgainActionResult>(
      {
        intent: BUY_AGAIN_INTENT,
        ok: false,
        message: apiRefusal(answer, 'This order could not be bought again'),
      },
      { status: answer.status },
    );
  }
  return data<BuyAgainActionResult>({
    intent: BUY_AGAIN_INTENT,
    ok: true,
    notice: buyAgainNotice(answer.body),
  });
}

const deleteOrderFormSchema = z.object({ intent: z.literal(DELETE_ORDER_INTENT), orderId: z.uuid() });

/** Why My Orders' delete did nothing. */
export type DeleteOrderActionResult = { message: string };

/**
 * My Orders' delete as a plain form, before the scripts run: SPEC's `DELETE /order/{id}` as the customer,
 * then My Orders again without the order (a 303, so that a reload does not post twice).
 */
export async function runDeleteOrder(context: AppLoadContext, form: FormData) {
  const parsed = deleteOrderFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<DeleteOrderActionResult>({ message: 'This order could not be read.' }, { status: 400 });
  }
  const answer = await context.storefront.send(
    'DELETE',
    `/api/order/${encodeURIComponent(parsed.data.orderId)}`,
  );
  if (answer.status >= 400) {
    return data<DeleteOrderActionResult>(
      { message: apiRefusal(answer, 'This order could not be deleted') },
      { status: answer.status },
    );
  }
  return redirect(paths.myOrders, 303);
}
