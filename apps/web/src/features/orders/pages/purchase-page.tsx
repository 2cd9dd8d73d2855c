import { formatCount } from '@toolshop/shared/number-format';
import { paths } from '@toolshop/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { z } from 'zod';
import { messages, toasts } from '@toolshop/shared/messages';
import { centsToDollars, dollarsToCents, formatPrice, orderTotalCents } from '@toolshop/shared/money';
import { placeOrderSchema } from '@toolshop/shared/order';
import { isQuantityAllowed } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useTool } from '../../tools/api';
import { ToolDetails } from '../../tools';
import { usePlaceOrder } from '../api';
import { Breadcrumbs } from '../../../components/layout/breadcrumbs';
import { showFieldErrors } from '../../../lib/form-errors';
import { SubmitButton } from '../../../components/form/submit-button';

const NETWORK_FAILURE = 'We could not place your order. Check your connection and try again.';

/** An empty box is no quantity at all, not zero. */
function parseQuantity(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/**
 * The form keeps the quantity as typed. Its range (this tool's minimum order and stock) is checked once, by
 * isQuantityAllowed below: it shows 'quantity error' and keeps Place Order disabled, so no out-of-range
 * quantity ever reaches the submit handler.
 */
const orderFormSchema = z.object({
  quantity: z.string(),
  address: placeOrderSchema.shape.address,
  phone: placeOrderSchema.shape.phone,
});
type OrderFormSchema = typeof orderFormSchema;
type OrderFormInput = z.input<OrderFormSchema>;
type OrderFormOutput = z.output<OrderFormSchema>;

const EMPTY_FORM: OrderFormInput = { quantity: '', address: '', phone: '' };

function OrderForm({ tool }: { tool: Tool }) {
  const user = useSession().data;
  const placeOrder = usePlaceOrder();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | undefined>();
  const serverErrorRef = useRef<HTMLParagraphElement>(null);
  // A refused order is announced where the eye and the screen reader already are: on the message.
  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);
  const quantityId = useId();
  const { minimumOrder, availableQuantity } = tool;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, dirtyFields, touchedFields },
  } = useForm<OrderFormInput, unknown, OrderFormOutput>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: EMPTY_FORM,
  });

  // SPEC §5: 'quantity error' shows as soon as the typed quantity is out of range, not only after a
  // submit; an untouched form stays quiet (Place Order is disabled until the quantity is valid anyway).
  // `watch`, not useWatch: useWatch missed the values taken in below (tried). This app has no React
  // Compiler for `watch` to defeat; the form renders again on each change, which it is small enough for.
  // eslint-disable-next-line react-hooks/incompatible-library
  const quantityText = watch('quantity') ?? '';
  const quantity = parseQuantity(quantityText);
  const quantityAllowed = isQuantityAllowed(quantity, tool);
  const quantityValid = quantityAllowed || !(dirtyFields.quantity || touchedFields.quantity);
  const soldOut = availableQuantity < minimumOrder;

  // The page's scripts start after its first paint (decision 027): what a quick buyer typed before they
  // ran is in the fields but not in the form's state, which would keep Place Order disabled. Taken in
  // once when the form mounts.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const fields = formRef.current?.elements;
    for (const name of Object.keys(EMPTY_FORM) as (keyof OrderFormInput)[]) {
      const typed = (fields?.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
      if (typed) setValue(name, typed, { shouldDirty: true, shouldTouch: true });
    }
  }, [setValue]);

  const onSubmit = handleSubmit(async (form) => {
    setServerError(undefined);
    try {
      const order = await placeOrder.mutateAsync({
        toolId: tool._id,
        quantity: Number(form.quantity),
        address: form.address,
        phone: form.phone || undefined,
      });
      toast.success(toasts.orderPlaced);
      // The next step is paying: go there rather than leave the buyer to find the order in the dashboard.
      void navigate(paths.payment(order._id));
    } catch (error) {
      const message = error instanceof ApiError ? error.message : NETWORK_FAILURE;
      showFieldErrors(error, ['address', 'phone'], setError);
      setServerError(message);
      toast.error(message);
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="order-heading"
      className="card mt-10 border border-base-300 bg-base-100 shadow-sm lg:mt-14"
    >
      <div className="card-body gap-6 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="order-heading" className="card-title text-2xl">
              Place your order
            </h2>
            <p className="text-sm text-base-content/70">
              Placing the order takes you to its payment. Stock is held for you as soon as the order is
              placed.
            </p>
          </div>
          <Link to={paths.myOrders} className="btn btn-outline btn-sm sm:btn-md">
            My Orders
          </Link>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Tool" value={tool.name} readOnly className="bg-base-200" />
          <TextField label="Name" value={user?.name ?? ''} readOnly className="bg-base-200" />
          <TextField label="Email" type="email" value={user?.email ?? ''} readOnly className="bg-base-200" />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="fieldset py-0">
            <label htmlFor={quantityId} className="fieldset-legend pb-1 pt-0 text-sm">
              Quantity
            </label>
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={minimumOrder}
              max={availableQuantity}
              step={1}
              placeholder={`${minimumOrder}–${availableQuantity}`}
              aria-invalid={quantityValid ? undefined : true}
              aria-describedby={`${quantityId}-hint${quantityValid ? '' : ` ${quantityId}-error`}`}
              className={`input w-full ${quantityValid ? '' : 'input-error'}`}
              {...register('quantity')}
            />
            <p id={`${quantityId}-hint`} className="text-xs text-base-content/60">
              {soldOut
                ? 'Out of stock: fewer units are left than the minimum order.'
                : `From ${formatCount(minimumOrder)} (minimum order) to ${formatCount(availableQuantity)} (in stock).`}
            </p>
            {!quantityValid && (
              <p id={`${quantityId}-error`} className="text-sm text-error" role="alert">
                {messages.quantityError}
              </p>
            )}
          </div>
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <div className="sm:col-span-2">
            <TextAreaField
              label="Address"
              rows={3}
              autoComplete="street-address"
              error={errors.address?.message}
              {...register('address')}
            />
          </div>
        </div>

        {serverError && (
          <p
            ref={serverErrorRef}
            tabIndex={-1}
            role="alert"
            className="alert alert-error alert-soft text-sm font-medium"
          >
            {serverError}
          </p>
        )}

        <div className="flex flex-col gap-4 border-t border-base-300 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-base-content/70" aria-live="polite">
            Total{' '}
            {quantityAllowed ? (
              <>
                <span className="text-sm">
                  ({formatCount(quantity)} × {formatPrice(tool.price)})
                </span>{' '}
                <strong className="text-2xl font-extrabold text-base-content">
                  {formatPrice(centsToDollars(orderTotalCents(quantity, dollarsToCents(tool.price))))}
                </strong>
              </>
            ) : (
              <strong className="text-2xl font-extrabold text-base-content/40">—</strong>
            )}
          </p>
          <SubmitButton busy={isSubmitting} disabled={!quantityAllowed} className="sm:px-10">
            Place Order
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

/** `tool`: as the route's loader read it; the stock figures then stay current with the tool's query. */
export function PurchasePage({ tool: loaded }: { tool: Tool }) {
  const tool = useTool(loaded._id, loaded);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-16">
      <Breadcrumbs
        steps={[
          { to: paths.home, label: 'Home' },
          { to: paths.tool(tool._id), label: tool.name },
        ]}
        current="Purchase"
      />
      <ToolDetails tool={tool} />
      <OrderForm tool={tool} />
    </div>
  );
}
