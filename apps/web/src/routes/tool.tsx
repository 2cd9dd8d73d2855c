import type { Category } from '@toolshop/shared/category';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import type { Tool } from '@toolshop/shared/tool';
import { jsonLd, pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { previewImageOf } from '../components/layout/preview-image';
import { priceValidUntilFrom, productData } from '../components/layout/structured-data';
import { ToolPage } from '../features/tools/pages/tool-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/tool';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [tool, related, categories, shipping] = await Promise.all([
    loadFromApi<Tool>(context, `/api/tools/${id}`),
    loadFromApi<Tool[]>(context, `/api/tools/${id}/related`),
    loadFromApi<Category[]>(context, '/api/categories'),
    // For search engines only: the shipping its offer states (decision 059).
    loadFromApi<ShippingSettings>(context, '/api/settings/shipping'),
  ]);
  const category = categories.find((candidate) => candidate._id === tool.categoryId);
  // Dated on the server, so that the page's head is the same after hydration.
  return { tool, related, category, shipping, priceValidUntil: priceValidUntilFrom(new Date()) };
}

/** Search engines and link previews: Open Graph, and schema.org's Product with its live offer. */
export const meta: Route.MetaFunction = (args) => {
  // Not found: the site layout names the page.
  if (!args.data) return [];
  const { tool, shipping, priceValidUntil } = args.data;
  const base = publicUrlOf(args.matches);
  const image = previewImageOf(tool, base);
  return [
    ...pageMetaTags(args, { title: tool.name, description: tool.description, image, type: 'product' }),
    jsonLd(productData({ tool, base, image, shipping, priceValidUntil })),
  ];
};

export default function ToolRoute({ loaderData: { tool, related, category } }: Route.ComponentProps) {
  return <ToolPage tool={tool} related={related} category={category} />;
}
