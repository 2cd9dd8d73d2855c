import type { ReactNode } from 'react';
import { formatPrice } from '@toolshop/shared/money';
import { stockStateOf, type StockState } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';

const STOCK_BADGES: Record<StockState, { text: string; className: string }> = {
  'in-stock': { text: 'In stock', className: 'badge-success' },
  low: { text: 'Low stock', className: 'badge-warning' },
  'sold-out': { text: 'Sold out', className: 'badge-error' },
};

/**
 * A tool as a buyer studies it before ordering: large image, name, price per unit, stock and description.
 * `children` comes last: the product page's purchase button, the purchase page's nothing.
 */
export function ToolDetails({ tool, children }: { tool: Tool; children?: ReactNode }) {
  const stock = STOCK_BADGES[stockStateOf(tool)];
  return (
    <section aria-labelledby="tool-name" className="grid gap-10 lg:grid-cols-2">
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <img
          src={tool.img}
          alt={tool.name}
          width="960"
          height="720"
          fetchPriority="high"
          className="aspect-[4/3] size-full object-cover"
        />
      </figure>
      <div className="flex flex-col gap-5">
        <div>
          <span className={`badge ${stock.className} badge-lg font-semibold`}>{stock.text}</span>
          <h1 id="tool-name" className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {tool.name}
          </h1>
        </div>
        <p className="text-3xl font-extrabold text-primary">
          {formatPrice(tool.price)}{' '}
          <span className="text-base font-medium text-base-content/70">per unit</span>
        </p>
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-box bg-base-100 px-4 py-3 shadow-sm">
            <dt className="text-sm text-base-content/70">Available quantity</dt>
            <dd className="text-2xl font-bold">{tool.availableQuantity.toLocaleString('en-US')}</dd>
          </div>
          <div className="rounded-box bg-base-100 px-4 py-3 shadow-sm">
            <dt className="text-sm text-base-content/70">Minimum order</dt>
            <dd className="text-2xl font-bold">{tool.minimumOrder.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className="leading-relaxed text-base-content/80">{tool.description}</p>
        {children}
      </div>
    </section>
  );
}
