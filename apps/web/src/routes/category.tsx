import type { Category } from '@toolshop/shared/category';
import {
  catalogueApiPath,
  catalogueFacetsPath,
  catalogueFiltersOf,
} from '@toolshop/shared/catalogue-filters';
import { paths } from '@toolshop/shared/paths';
import type { ToolFacets } from '@toolshop/shared/tool-facets';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { CataloguePage } from '../features/tools/pages/catalogue-page';
import { loadFromApi, notFound } from '../lib/storefront';
import type { Route } from './+types/category';

/** A category's page (decision 055): the catalogue of that category, with the same filters as /tools. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const categories = await loadFromApi<Category[]>(context, '/api/categories');
  const category = categories.find((candidate) => candidate.slug === params.slug);
  if (!category) throw notFound();
  const filters = { ...catalogueFiltersOf(new URL(request.url).searchParams), category: category.slug };
  const [result, facets] = await Promise.all([
    loadFromApi<ToolPage>(context, catalogueApiPath(filters)),
    loadFromApi<ToolFacets>(context, catalogueFacetsPath(filters)),
  ]);
  return { filters, result, facets, category };
}

/** Its own title, description and canonical address, and where it sits for search engines. */
export const meta: Route.MetaFunction = (args) => {
  const category = args.data?.category;
  // Not found: the site layout names the page.
  if (!category) return [];
  const base = publicUrlOf(args.matches);
  return [
    ...pageMetaTags(args, { title: category.name, description: category.description }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { name: 'Home', path: paths.home },
          { name: 'All tools', path: paths.tools },
          { name: category.name, path: paths.category(category.slug) },
        ].map(({ name, path }, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name,
          item: `${base}${path}`,
        })),
      },
    },
  ];
};

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  return <CataloguePage {...loaderData} />;
}
