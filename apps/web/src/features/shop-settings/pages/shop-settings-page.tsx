import { useForm } from 'react-hook-form';
import { centsToDollars, formatPrice } from '@toolshop/shared/money';
import {
  shippingSettingsFormSchema,
  type ShippingSettings,
  type ShippingSettingsForm,
} from '@toolshop/shared/shop-settings';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { toast } from '../../../components/ui/toasts';
import { showFieldErrors } from '../../../lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSaveShippingSettings, useShippingSettings } from '../api';

const price = (cents: number) => formatPrice(centsToDollars(cents));

/** What the settings mean for a buyer, in one sentence. */
export function shippingRule({ shippingFeeCents, freeShippingFromCents }: ShippingSettings): string {
  if (shippingFeeCents === 0) return 'Shipping is free on every order.';
  if (freeShippingFromCents === null) return `Every order pays ${price(shippingFeeCents)} shipping.`;
  return `Orders under ${price(freeShippingFromCents)} pay ${price(shippingFeeCents)} shipping; from ${price(freeShippingFromCents)} on, shipping is free.`;
}

const formValues = ({ shippingFeeCents, freeShippingFromCents }: ShippingSettings): ShippingSettingsForm => ({
  shippingFee: centsToDollars(shippingFeeCents),
  freeShippingFrom: freeShippingFromCents === null ? null : centsToDollars(freeShippingFromCents),
});

/**
 * Shop Settings (decision 053): the flat shipping fee per order and the subtotal from which shipping is
 * free. Carts and checkout charge what is saved here from the next look on; placed orders keep theirs.
 */
export function ShopSettingsPage() {
  const settings = useShippingSettings();
  const save = useSaveShippingSettings();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ShippingSettingsForm, unknown, ShippingSettings>({
    resolver: zodResolver(shippingSettingsFormSchema),
    defaultValues: formValues(settings),
  });

  const onSubmit = handleSubmit((next) =>
    save.mutate(next, {
      onSuccess: (saved) => {
        toast.success('Shipping settings saved.');
        reset(formValues(saved));
      },
      onError: (error) => {
        // The API names its fields in cents; the form's are in dollars.
        const { shippingFeeCents, freeShippingFromCents } = showFieldErrors(error, [], setError);
        if (shippingFeeCents) setError('shippingFee', { message: shippingFeeCents });
        if (freeShippingFromCents) setError('freeShippingFrom', { message: freeShippingFromCents });
        toast.error(error.message);
      },
    }),
  );

  return (
    <div className="grid max-w-2xl gap-4">
      <h2 className="text-xl font-bold">Shop Settings</h2>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="shipping-settings"
        className="grid gap-5 rounded-box bg-base-100 p-6 shadow-sm"
      >
        <div>
          <h3 id="shipping-settings" className="text-lg font-semibold">
            Shipping
          </h3>
          <p className="mt-1 text-sm text-base-content/70">
            A flat fee per order, waived from a subtotal on if you set one. Orders already placed keep what
            they were charged.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Shipping fee per order ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            error={errors.shippingFee?.message}
            {...register('shippingFee', { valueAsNumber: true })}
          />
          <TextField
            label="Free shipping from ($)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            placeholder="Never"
            error={errors.freeShippingFrom?.message}
            {...register('freeShippingFrom', { valueAsNumber: true })}
          />
        </div>
        <p className="-mt-2 text-sm text-base-content/70">
          Leave “Free shipping from” blank to charge the fee on every order.
        </p>
        <p className="rounded-box bg-base-200 px-4 py-3 text-sm" aria-live="polite">
          <span className="font-semibold">Now: </span>
          {shippingRule(settings)}
        </p>
        <div className="flex justify-end">
          <SubmitButton busy={save.isPending} disabled={!isDirty} className="w-full sm:w-auto">
            Save
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
