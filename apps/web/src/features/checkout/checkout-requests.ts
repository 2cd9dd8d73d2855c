import { data, redirect, type AppLoadContext } from 'react-router';
import type { ApiErrorBody } from '@toolshop/shared/api-error';
import { placeCheckoutSchema, type Checkout } from '@toolshop/shared/cart';
import { idempotencyHeadersSchema } from '@toolshop/shared/idempotency';
import type { Order } from '@toolshop/shared/order';
import { paths } from '@toolshop/shared/paths';
import { newAttemptKey } from '../../lib/attempt-key';
import { loginRedirect } from '../../lib/login-redirect';

/** What /checkout shows: the cart to order, or why this account may not order yet. */
export type CheckoutView =
  | { kind: 'unverified'; message: string }
  | {
      kind: 'open';
      checkout: Checkout;
      /** The Idempotency-Key of this page's Place order (decision 051). */
      attemptKey: string;
    };

/** A refused Place order: the messages where they belong, what was typed, and a key for the next try. */
export interface CheckoutRefusal {
  /** The refusal when it names neither a field nor a line. */
  message: string | null;
  fields: Partial<Record<'address' | 'phone', string>>;
  /** By tool id: the line the refusal names. */
  lines: Record<string, string>;
  values: { address: string; phone: string };
  attemptKey: string;
}

const attemptKeySchema = idempotencyHeadersSchema.shape['idempotency-key'];

const errorOf = (body: unknown) => (body as Partial<ApiErrorBody> | undefined)?.error;

/**
 * The /checkout route's loader: the account's cart and last address, read on the server as the visitor.
 * Signed out: the login page, which returns here. An unconfirmed e-mail address: the API's words.
 */
export async function loadCheckout(context: AppLoadContext, request: Request): Promise<CheckoutView> {
  const answer = await context.storefront.send<Checkout>('GET', '/api/checkout');
  if (answer.status === 401) throw loginRedirect(request);
  const error = errorOf(answer.body);
  if (answer.status === 403 && error?.code === 'email_not_verified') {
    return { kind: 'unverified', message: error.message };
  }
  if (answer.status === 503) throw data('Unavailable', { status: 503 });
  if (answer.status >= 400) throw new Error(`GET /api/checkout answered ${answer.status}`);
  return { kind: 'open', checkout: answer.body, attemptKey: newAttemptKey() };
}

/** Where the API's `fields` put a message: a form field, or the line of a tool (`lines.<toolId>`). */
function placeMessages(fields: Record<string, string>, refusal: CheckoutRefusal): boolean {
  let placed = false;
  for (const [path, message] of Object.entries(fields)) {
    const field = path.replace(/^body\./, '');
    if (field === 'address' || field === 'phone') refusal.fields[field] = message;
    else if (field.startsWith('lines.')) refusal.lines[field.slice('lines.'.length)] = message;
    else continue;
    placed = true;
  }
  return placed;
}

/**
 * Place order (the /checkout route's action, a plain form before the scripts run): one order of the cart,
 * sent as the visitor with the page's Idempotency-Key, so a double click or a re-sent form orders once.
 * No `lines` are sent: the API then orders the cart's lines at the prices the buyer was last shown and
 * takes them out of the cart (given lines would leave the cart as it was). Placed: on to its payment.
 * Refused: the page again, the message on its field or line, as typed.
 */
export async function placeCheckout(context: AppLoadContext, request: Request, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { address: text('address'), phone: text('phone') };
  const refusal: CheckoutRefusal = {
    message: null,
    fields: {},
    lines: {},
    values,
    attemptKey: newAttemptKey(),
  };
  const parsed = placeCheckoutSchema.safeParse({
    address: values.address,
    phone: values.phone || undefined,
  });
  const key = attemptKeySchema.safeParse(text('attemptKey') || undefined);
  if (!parsed.success || !key.success) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const fields = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
    if (!placeMessages(fields, refusal)) refusal.message = 'This form could not be read: reload the page.';
    return data(refusal, { status: 400 });
  }
  const answer = await context.storefront.send<Order>('POST', '/api/checkout', parsed.data, {
    idempotencyKey: key.data,
  });
  if (answer.status === 401) throw loginRedirect(request);
  if (answer.status === 201) throw redirect(paths.payment(answer.body._id));
  const error = errorOf(answer.body);
  const message = error?.message ?? `The order could not be placed (${answer.status}).`;
  if (!placeMessages(error?.fields ?? {}, refusal)) refusal.message = message;
  return data(refusal, { status: answer.status });
}
