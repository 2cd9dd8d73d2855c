import type { ReactNode } from 'react';
import { stockStateOf, type StockState } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { ToolFigures } from './tool-figures';
import { ToolGallery } from './tool-gallery';

const STOCK_BADGES: Record<StockState, { text: string; className: string }> = {
  'in-stock': { text: 'In stock', className: 'badge-success' },
  low: { text: 'Low stock', className: 'badge-warning' },
  'sold-out': { text: 'Sold out', className: 'badge-error' },
};

/**
 * A tool as a buyer studies it before ordering: its photos, name, price per unit, stock and description.
 * `children` comes last: the product page's purchase button, the purchase page's nothing.
 */
export function ToolDetails({ tool, children }: { tool: Tool; children?: ReactNode }) {
  const stock = STOCK_BADGES[stockStateOf(tool)];
  return (
    <section aria-labelledby="tool-name" className="grid gap-10 lg:grid-cols-2">
      <ToolGallery name={tool.name} images={tool.images} />
      <div className="flex flex-col gap-5">
        <div>
          <span className={`badge ${stock.className} badge-lg font-semibold`}>{stock.text}</span>
          <h1 id="tool-name" className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {tool.name}
          </h1>
        </div>
        <ToolFigures tool={tool} size="page" />
        <p className="leading-relaxed text-base-content/80">{tool.description}</p>
        {children}
      </div>
    </section>
  );
}
