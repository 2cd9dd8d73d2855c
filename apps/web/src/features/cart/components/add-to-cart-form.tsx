import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { messages } from '@toolshop/shared/messages';
import { isQuantityAllowed } from '@toolshop/shared/stock-state';
import { paths } from '@toolshop/shared/paths';
import type { Tool } from '@toolshop/shared/tool';
import type { CartActionResult } from '../cart-requests';

type CartTool = Pick<Tool, '_id' | 'name' | 'minimumOrder' | 'availableQuantity'>;

/**
 * Add to cart: a form posted to the cart's route action. Before the scripts run it is a plain form (the
 * visitor lands on their cart); after, a fetcher sends it and the page stays, saying what happened in a
 * status line. `withQuantity`: the product page's quantity picker (from the minimum order up to what is
 * available); a card adds the minimum order. A tool that cannot be ordered at all offers nothing.
 */
export function AddToCartForm({ tool, withQuantity = false }: { tool: CartTool; withQuantity?: boolean }) {
  const fetcher = useFetcher<CartActionResult>();
  const quantityId = useId();
  const [quantityText, setQuantityText] = useState(String(tool.minimumOrder));
  if (!isQuantityAllowed(tool.minimumOrder, tool)) return null;

  const quantity = quantityText.trim() === '' ? Number.NaN : Number(quantityText);
  const allowed = isQuantityAllowed(quantity, tool);
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  return (
    <fetcher.Form method="post" action={paths.cart} className="relative z-10 flex w-full flex-col gap-2">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="toolId" value={tool._id} />
      {withQuantity ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={quantityId} className="text-sm font-semibold">
            Quantity
          </label>
          <input
            id={quantityId}
            name="quantity"
            type="number"
            inputMode="numeric"
            required
            min={tool.minimumOrder}
            max={tool.availableQuantity}
            step={1}
            value={quantityText}
            onChange={(event) => setQuantityText(event.target.value)}
            aria-invalid={allowed ? undefined : true}
            aria-describedby={allowed ? undefined : `${quantityId}-error`}
            className={`input w-40 ${allowed ? '' : 'input-error'}`}
          />
          {!allowed && (
            <p id={`${quantityId}-error`} className="text-sm text-error">
              {messages.quantityError}
            </p>
          )}
        </div>
      ) : (
        <input type="hidden" name="quantity" value={tool.minimumOrder} />
      )}
      {/* Named by its tool among the cards, starting with the words it shows (WCAG 2.5.3, label in name). */}
      <button type="submit" className="btn btn-outline btn-primary btn-block" disabled={busy || !allowed}>
        {busy ? 'Adding…' : 'Add to cart'} <span className="sr-only">{tool.name}</span>
      </button>
      <p role="status" className={`min-h-5 text-sm ${result?.ok === false ? 'text-error' : ''}`}>
        {result && (result.ok ? `Added ${tool.name} to your cart.` : result.message)}
      </p>
    </fetcher.Form>
  );
}
