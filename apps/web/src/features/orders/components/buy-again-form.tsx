import { Form } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { BUY_AGAIN_INTENT } from '../order-form-intents';
import { formatOrderNumber } from '../order-format';

/**
 * Buy again: a form to the cart's route action, so it works as a plain form before the scripts run, and
 * the visitor lands on their cart with the notice either way.
 */
export function BuyAgainForm({
  order,
  className = 'btn btn-primary',
}: {
  order: { _id: string; number: number };
  className?: string;
}) {
  return (
    <Form method="post" action={paths.cart}>
      <input type="hidden" name="intent" value={BUY_AGAIN_INTENT} />
      <input type="hidden" name="orderId" value={order._id} />
      <button type="submit" className={className} aria-label={`Buy again ${formatOrderNumber(order.number)}`}>
        Buy again
      </button>
    </Form>
  );
}
