import { formatPrice } from '@toolshop/shared/money';

/**
 * Subtotal, shipping ("Free" at 0) and total, in dollars as the server computed them: the cart, the
 * checkout and the payment of an order of several lines show the same three figures the same way.
 */
export function OrderAmounts({
  subtotal,
  shipping,
  total,
  className = '',
}: {
  subtotal: number;
  shipping: number;
  total: number;
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 ${className}`}>
      <dt>Subtotal</dt>
      <dd className="text-right">{formatPrice(subtotal)}</dd>
      <dt>Shipping</dt>
      <dd className="text-right">{shipping === 0 ? 'Free' : formatPrice(shipping)}</dd>
      <dt className="font-bold">Total</dt>
      <dd className="text-right text-lg font-bold">{formatPrice(total)}</dd>
    </dl>
  );
}
