import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { addCartLineSchema, updateCartLineSchema, type Cart } from '@toolshop/shared/cart';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { apiRefusal, formNumber } from '../../lib/form-actions';

/**
 * What a cart form asks (its `intent` field): add units of a tool, set a line's quantity, remove a line.
 * The fields are read with the API's own schemas, so a bad one is refused here with the API's words.
 */
const cartFormSchema = z.discriminatedUnion('intent', [
  addCartLineSchema.extend({ intent: z.literal('add') }),
  updateCartLineSchema.extend({ intent: z.literal('update'), toolId: z.uuid() }),
  z.object({ intent: z.literal('remove'), toolId: z.uuid() }),
]);
export type CartIntent = z.infer<typeof cartFormSchema>['intent'];

/** What the form that was sent shows: done, or refused with the reason. */
export type CartActionResult =
  { ok: true; intent: CartIntent; toolId: string } | { ok: false; toolId: string | null; message: string };

const lineOf = (toolId: string) => `/api/cart/lines/${encodeURIComponent(toolId)}`;

/**
 * A cart form's route action (the /cart route's): before the scripts run a plain form posts here, after
 * they do a fetcher does, and either way the API is called as the visitor (their cart cookie, or their
 * session). A refusal answers the API's status with its message.
 */
export async function runCartAction(context: AppLoadContext, form: FormData) {
  const { quantity, ...fields } = Object.fromEntries(form);
  // The schema's number rule is SPEC's 'quantity error'.
  const parsed = cartFormSchema.safeParse({ ...fields, quantity: formNumber(quantity) });
  const sentToolId = typeof form.get('toolId') === 'string' ? String(form.get('toolId')) : null;
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'This form could not be read.';
    return data<CartActionResult>({ ok: false, toolId: sentToolId, message }, { status: 400 });
  }
  const request = parsed.data;
  const answer =
    request.intent === 'add'
      ? await context.storefront.send<Cart>('POST', '/api/cart/lines', {
          toolId: request.toolId,
          quantity: request.quantity,
        })
      : request.intent === 'update'
        ? await context.storefront.send<Cart>('PATCH', lineOf(request.toolId), { quantity: request.quantity })
        : await context.storefront.send<Cart>('DELETE', lineOf(request.toolId));
  if (answer.status >= 400) {
    const message = apiRefusal(answer, 'The cart could not be changed');
    return data<CartActionResult>({ ok: false, toolId: request.toolId, message }, { status: answer.status });
  }
  return data<CartActionResult>({ ok: true, intent: request.intent, toolId: request.toolId });
}

/** The visitor's cart as the server reads it now (live prices, stock and flags), for the /cart route. */
export async function loadCart(context: AppLoadContext): Promise<Cart> {
  const answer = await context.storefront.send<Cart>('GET', '/api/cart');
  if (answer.status === 503) throw data('Unavailable', { status: 503 });
  if (answer.status >= 400) throw new Error(`GET /api/cart answered ${answer.status}`);
  return answer.body;
}

/**
 * The subtotal from which shipping is free (null: never), for the cart's hint. Only a hint: when it cannot
 * be read the cart shows without it.
 */
export async function loadFreeShippingFrom(context: AppLoadContext): Promise<number | null> {
  const answer = await context.storefront.send<ShippingSettings>('GET', '/api/settings/shipping');
  return answer.status === 200 ? answer.body.freeShippingFromCents : null;
}
