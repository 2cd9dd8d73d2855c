import type { Tool } from '@toolshop/shared/tool';
import { pageMeta } from '../components/layout/page-meta';
import { PurchasePage } from '../features/orders/pages/purchase-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/purchase';

// An unknown or deleted tool is the not-found page with HTTP 404, before any form is drawn.
export async function loader({ params, context }: Route.LoaderArgs) {
  return {
    tool: await loadFromApi<Tool>(context, `/api/tools/${encodeURIComponent(params.purchaseId)}`),
  };
}

export const meta: Route.MetaFunction = pageMeta({ title: 'Purchase' });

export default function Purchase({ loaderData }: Route.ComponentProps) {
  return <PurchasePage {...loaderData} />;
}
