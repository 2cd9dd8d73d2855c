import { Link, useParams } from 'react-router';
import { formatPrice } from '@toolshop/shared/money';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { NotFoundPage } from '../../not-found/pages/not-found-page';
import { useTool } from '../api';

export function PurchasePage() {
  const { purchaseId = '' } = useParams();
  const toolQuery = useTool(purchaseId);

  if (toolQuery.isPending) return <Spinner label="Loading tool" />;
  if (toolQuery.isError) {
    if (toolQuery.error instanceof ApiError && toolQuery.error.status === 404) return <NotFoundPage />;
    return (
      <div className="px-4 py-16">
        <QueryError what="this tool" onRetry={() => void toolQuery.refetch()} />
      </div>
    );
  }

  const tool = toolQuery.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-16">
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm">
        <ul>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li aria-current="page">{tool.name}</li>
        </ul>
      </nav>
      <section aria-labelledby="tool-name" className="grid gap-10 lg:grid-cols-2">
        <figure className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
          <img src={tool.img} alt={tool.name} width="480" height="360" className="w-full object-cover" />
        </figure>
        <div>
          <h1 id="tool-name" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {tool.name}
          </h1>
          <p className="mt-4 text-3xl font-extrabold text-primary">
            {formatPrice(tool.price)}{' '}
            <span className="text-base font-medium text-base-content/60">per unit</span>
          </p>
          <p className="mt-6 leading-relaxed text-base-content/80">{tool.description}</p>
          <dl className="mt-8 grid grid-cols-2 gap-4">
            <div className="rounded-box bg-base-100 p-4 shadow-sm">
              <dt className="text-sm text-base-content/60">Available quantity</dt>
              <dd className="text-2xl font-bold">{tool.availableQuantity.toLocaleString('en-US')}</dd>
            </div>
            <div className="rounded-box bg-base-100 p-4 shadow-sm">
              <dt className="text-sm text-base-content/60">Minimum order</dt>
              <dd className="text-2xl font-bold">{tool.minimumOrder.toLocaleString('en-US')}</dd>
            </div>
          </dl>
        </div>
      </section>
    </div>
  );
}
