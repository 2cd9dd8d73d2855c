import { paths } from '@toolshop/shared/paths';
import { stockStateOf } from '@toolshop/shared/stock-state';
import type { Category } from '@toolshop/shared/category';
import type { Tool } from '@toolshop/shared/tool';
import { pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { ToolPage } from '../features/tools/pages/tool-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/tool';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [tool, related, categories] = await Promise.all([
    loadFromApi<Tool>(context, `/api/tools/${id}`),
    loadFromApi<Tool[]>(context, `/api/tools/${id}/related`),
    loadFromApi<Category[]>(context, '/api/categories'),
  ]);
  const category = categories.find((candidate) => candidate._id === tool.categoryId);
  return { tool, related, category };
}

/** Search engines and link previews: Open Graph, and schema.org's Product with its live offer. */
export const meta: Route.MetaFunction = (args) => {
  const tool = args.data?.tool;
  // Not found: the site layout names the page.
  if (!tool) return [];
  const base = publicUrlOf(args.matches);
  const url = `${base}${paths.tool(tool._id)}`;
  const image = new URL(tool.img, `${base}/`).href;
  return [
    ...pageMetaTags(args, { title: tool.name, description: tool.description }),
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: tool.name },
    { property: 'og:description', content: tool.description },
    { property: 'og:image', content: image },
    { property: 'og:url', content: url },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: tool.name,
        description: tool.description,
        image,
        url,
        offers: {
          '@type': 'Offer',
          price: tool.price.toFixed(2),
          priceCurrency: 'USD',
          availability:
            stockStateOf(tool) === 'sold-out'
              ? 'https://schema.org/OutOfStock'
              : 'https://schema.org/InStock',
          url,
        },
      },
    },
  ];
};

export default function ToolRoute({ loaderData }: Route.ComponentProps) {
  return <ToolPage {...loaderData} />;
}
