import { Link } from 'react-router';
import type { CartLine } from '@toolshop/shared/cart';
import { formatCents } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import { paths } from '@toolshop/shared/paths';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';

/** A line about to be ordered: the tool, its units, unit price and line total as the server computed them, and the refusal that names it. */
export function CheckoutLineItem({ line, refusal }: { line: CartLine; refusal: string | undefined }) {
  return (
    <li className="grid grid-cols-[4.5rem_1fr] gap-4 border-b border-base-300 py-4 last:border-b-0 sm:grid-cols-[6rem_1fr_auto]">
      <LineThumbnail src={line.img} />
      <div className="flex flex-col gap-1">
        <h3 className="font-bold leading-snug">
          <Link to={paths.tool(line.toolId)} className="link-hover link">
            {line.name}
          </Link>
        </h3>
        <p className="text-sm">
          <span className="text-base-content/70">Quantity</span> {formatCount(line.quantity)}
          <span className="text-base-content/40"> · </span>
          {formatCents(line.unitPriceCents)} <span className="text-base-content/70">per unit</span>
        </p>
        {refusal && (
          <p role="alert" className="text-sm font-semibold text-error">
            {refusal}
          </p>
        )}
      </div>
      <p className="col-start-2 font-bold sm:col-start-3 sm:text-right">
        <span className="sr-only">Line total: </span>
        {formatCents(line.lineTotalCents)}
      </p>
    </li>
  );
}
