import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import { stockStateOf } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { Breadcrumbs } from '../../../components/layout/breadcrumbs';
import { AddToCartForm } from '../../cart';
import { ToolDetails } from '../components/tool-details';

/**
 * One product: everything a buyer checks before ordering, and the way to order it. `children` comes below
 * the details: what other features show of it (its reviews).
 */
export function ToolPage({ tool, children }: { tool: Tool; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-16">
      <Breadcrumbs
        steps={[
          { to: paths.home, label: 'Home' },
          { to: paths.tools, label: 'All tools' },
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
    </div>
  );
}
