import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { demoCardSchema, type DemoCardInput } from '@toolshop/shared/payment';
import { TextField } from '../../../components/form/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePayDemo } from '../api';
import { SubmitButton } from '../../../components/form/submit-button';
import { PaymentFailure } from './payment-failure';
import { showFieldErrors } from '../../../lib/form-errors';

export const DEMO_MODE_LABEL = 'Demo mode: no real charge';

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
] as const;

const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;
const NETWORK_FAILURE = 'We could not reach the payment service. Check your connection and try again.';
/** After a refused card (402): nothing happened to the order, and the form stays for another try. */
export const STILL_UNPAID = 'Your order is still unpaid: try again or use another card.';

/** "4242424242424242" → "4242 4242 4242 4242", as the digits are typed. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28": the slash appears once the year starts. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Formats the box's text in place before react-hook-form reads it (the inputs are uncontrolled). */
function reformatting(format: (value: string) => string, onChange: (event: ChangeEvent) => unknown) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = format(event.target.value);
    return onChange(event);
  };
}

interface DemoCardFormProps {
  orderId: string;
  amount: string;
  onPaid: () => void;
  /** The order turned paid or cancelled elsewhere: the page should reload its summary. */
  onConflict: () => void;
}

/** The built-in processor's card form (ARCHITECTURE §3): the server decides, by Stripe's test cards. */
export function DemoCardForm({ orderId, amount, onPaid, onConflict }: DemoCardFormProps) {
  const pay = usePayDemo(orderId);
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DemoCardInput, unknown, z.output<typeof demoCardSchema>>({
    resolver: zodResolver(demoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (card) => {
    setFailure(undefined);
    try {
      await pay.mutateAsync(card);
      onPaid();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure(NETWORK_FAILURE);
        return;
      }
      const onFields = CARD_FIELDS.some((field) => error.bodyFields()[field]);
      showFieldErrors(error, CARD_FIELDS, setError);
      if (!onFields) setFailure(error.status === 402 ? `${error.message} ${STILL_UNPAID}` : error.message);
      if (error.status === 409) onConflict();
    }
  });

  const cardNumber = register('cardNumber');
  const expiry = register('expiry');

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="space-y-4">
      <p className="badge h-auto border-warning/40 bg-warning/15 py-1 font-semibold text-amber-800">
        {DEMO_MODE_LABEL}
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.cardNumber?.message}
        {...cardNumber}
        onChange={reformatting(formatCardNumber, cardNumber.onChange)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          error={errors.expiry?.message}
          {...expiry}
          onChange={reformatting(formatExpiry, expiry.onChange)}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      <div className="rounded-box bg-base-200 p-4 text-sm">
        <p className="font-semibold">Test cards</p>
        <ul className="mt-2 space-y-1">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code className="font-mono">{card.number}</code> {card.outcome}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-base-content/70">Use any future date and any 3 digits.</p>
      </div>
      <PaymentFailure message={failure} />
      <SubmitButton busy={isSubmitting}>Pay {amount}</SubmitButton>
    </form>
  );
}
