import type { ReactNode } from 'react';
import type { Cart } from '@toolshop/shared/cart';
import { centsToDollars } from '@toolshop/shared/money';
import { OrderAmounts } from '../../../components/ui/order-amounts';

/**
 * The cart's amounts as the server computed them, in the side panel the cart and the checkout both show;
 * `children`: what each page adds below them (its notes and its way on).
 */
export function CartSummary({ id, cart, children }: { id: string; cart: Cart; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 self-start rounded-box bg-base-100 p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-bold">
        Summary
      </h2>
      <OrderAmounts
        subtotal={centsToDollars(cart.subtotalCents)}
        shipping={centsToDollars(cart.shippingCents)}
        total={centsToDollars(cart.totalCents)}
      />
      {children}
    </section>
  );
}
