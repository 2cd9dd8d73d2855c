import { useId, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { CartLine } from '@toolshop/shared/cart';
import { messages } from '@toolshop/shared/messages';
import { formatCents } from '@toolshop/shared/money';
import { isQuantityAllowed } from '@toolshop/shared/stock-state';
import { paths } from '@toolshop/shared/paths';
import { flagsOf } from '../cart-line-flags';
import type { CartActionResult } from '../cart-requests';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';

/**
 * One line of the cart: the tool (its image and name, leading to its page), its unit price, the quantity
 * (changed within the minimum order … what is available, sent to the cart's action), the line's total and
 * Remove. Both forms work as plain forms before the scripts run and through fetchers after.
 */
export function CartLineItem({ line }: { line: CartLine }) {
  const update = useFetcher<CartActionResult>();
  const remove = useFetcher<CartActionResult>();
  const quantityId = useId();
  const [quantityText, setQuantityText] = useState(String(line.quantity));
  const quantity = quantityText.trim() === '' ? Number.NaN : Number(quantityText);
  const allowed = isQuantityAllowed(quantity, line);
  const flags = flagsOf(line);
  const refusal = [update.data, remove.data].find((result) => result?.ok === false);
  return (
    <li className="grid grid-cols-[4.5rem_1fr] gap-4 border-b border-base-300 py-5 sm:grid-cols-[6rem_1fr_auto]">
      <LineThumbnail src={line.img} />
      <div className="flex flex-col gap-2">
        <h2 className="font-bold leading-snug">
          {line.gone ? (
            line.name
          ) : (
            <Link to={paths.tool(line.toolId)} className="link-hover link">
              {line.name}
            </Link>
          )}
        </h2>
        <p className="text-sm">
          {formatCents(line.unitPriceCents)} <span className="text-base-content/70">per unit</span>
        </p>
        {flags.map((flag) => (
          <p key={flag} className="text-sm font-semibold text-error">
            {flag}
          </p>
        ))}
        {!line.gone && (
          <update.Form method="post" action={paths.cart} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="toolId" value={line.toolId} />
            <div className="flex flex-col gap-1">
              <label htmlFor={quantityId} className="text-xs font-semibold">
                Quantity
              </label>
              <input
                id={quantityId}
                name="quantity"
                // Among several lines, each field says whose quantity it is.
                aria-label={`Quantity of ${line.name}`}
                type="number"
                inputMode="numeric"
                required
                min={line.minimumOrder}
                max={Math.max(line.availableQuantity, line.minimumOrder)}
                step={1}
                value={quantityText}
                onChange={(event) => setQuantityText(event.target.value)}
                aria-invalid={allowed ? undefined : true}
                className={`input input-sm w-28 ${allowed ? '' : 'input-error'}`}
              />
            </div>
            <button
              type="submit"
              className="btn btn-sm"
              disabled={update.state !== 'idle' || !allowed}
              aria-label={`Update ${line.name}`}
            >
              Update
            </button>
            {!allowed && <p className="w-full text-sm text-error">{messages.quantityError}</p>}
          </update.Form>
        )}
        <p role="status" className="text-sm text-error">
          {refusal && !refusal.ok ? refusal.message : ''}
        </p>
      </div>
      <div className="col-start-2 flex items-center justify-between gap-4 sm:col-start-3 sm:flex-col sm:items-end">
        <p className="font-bold">
          <span className="sr-only">Line total: </span>
          {formatCents(line.lineTotalCents)}
        </p>
        <remove.Form method="post" action={paths.cart}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="toolId" value={line.toolId} />
          <button
            type="submit"
            className="btn btn-ghost btn-sm text-error"
            disabled={remove.state !== 'idle'}
            aria-label={`Remove ${line.name}`}
          >
            Remove
          </button>
        </remove.Form>
      </div>
    </li>
  );
}
