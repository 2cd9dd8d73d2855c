import type { ReactNode } from 'react';
import { imageSrcSet } from '@toolshop/shared/image-sizes';
import { stockStateOf, type StockState } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { ToolFigures } from './tool-figures';

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
  const srcSet = imageSrcSet(tool.img);
  return (
    <section aria-labelledby="tool-name" className="grid gap-10 lg:grid-cols-2">
      <figure className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <img
          src={tool.img}
          srcSet={srcSet}
          // Half of a page at most 1152 px wide from 1024 px; the whole width below. Only with a srcset
          // (sizes alone is invalid HTML, and so is the preload React derives from it).
          sizes={srcSet && '(min-width: 1024px) 560px, 100vw'}
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
        <ToolFigures tool={tool} size="page" />
        <p className="leading-relaxed text-base-content/80">{tool.description}</p>
        {children}
      </div>
    </section>
  );
}
