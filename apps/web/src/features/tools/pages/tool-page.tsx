import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Category } from '@toolshop/shared/category';
import { paths } from '@toolshop/shared/paths';
import { stockStateOf } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { Breadcrumbs } from '../../../components/layout/breadcrumbs';
import { AddToCartForm } from '../../cart';
import { ToolDetails } from '../components/tool-details';
import { ToolGrid } from '../components/tool-grid';

interface ToolPageProps {
  tool: Tool;
  /** Up to four other tools, of its category first (decision 055). */
  related: Tool[];
  category?: Category;
  /** Below the details, above the related tools: what other features show of it (its reviews). */
  children?: ReactNode;
}

/** One product: everything a buyer checks before ordering, the way to order it, and tools like it. */
export function ToolPage({ tool, related, category, children }: ToolPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-16">
      <Breadcrumbs
        steps={[
          { to: paths.home, label: 'Home' },
          { to: paths.tools, label: 'All tools' },
          ...(category ? [{ to: paths.category(category.slug), label: category.name }] : []),
        ]}
        current={tool.name}
      />
      <ToolDetails tool={tool}>
        {stockStateOf(tool) === 'sold-out' ? (
          <p className="alert alert-warning">
            This tool is sold out for now. Come back soon: the shop restocks regularly.
          </p>
        ) : (
          <div className="flex max-w-sm flex-col gap-3">
            <AddToCartForm tool={tool} withQuantity />
            <Link
              to={paths.purchase(tool._id)}
              className="btn btn-primary btn-lg self-start"
              aria-label={`Purchase ${tool.name}`}
            >
              Purchase
            </Link>
          </div>
        )}
      </ToolDetails>
      {children}
      {related.length > 0 && (
        <section aria-labelledby="related-tools" className="mt-16">
          <h2 id="related-tools" className="mb-6 text-2xl font-bold">
            Related tools
          </h2>
          {/* Below the fold: every image loads lazily. */}
          <ToolGrid tools={related} columns={4} />
        </section>
      )}
    </div>
  );
}
