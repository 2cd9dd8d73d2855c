import type { ToolFacets } from '@toolshop/shared/tool-facets';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { jsonLd, pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { itemListData } from '../components/layout/structured-data';
import {
  catalogueApiPath,
  catalogueFacetsPath,
  catalogueFiltersOf,
} from '@toolshop/shared/catalogue-filters';
import { CataloguePage } from '../features/tools/pages/catalogue-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/catalogue';

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = catalogueFiltersOf(new URL(request.url).searchParams);
  const [result, facets] = await Promise.all([
    loadFromApi<ToolPage>(context, catalogueApiPath(filters)),
    loadFromApi<ToolFacets>(context, catalogueFacetsPath(filters)),
  ]);
  return { filters, result, facets };
}

/** The catalogue, and the tools its page lists as schema.org's ItemList (decision 059). */
export const meta: Route.MetaFunction = (args) => {
  const tags = pageMetaTags(args, {
    title: 'All tools',
    description:
      'Every computer repair tool Toolshop sells: browse by category, filter by price, see what is in stock.',
  });
  if (!args.data) return tags;
  const { items, page, limit } = args.data.result;
  return [...tags, jsonLd(itemListData(publicUrlOf(args.matches), items, (page - 1) * limit + 1))];
};

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return <CataloguePage {...loaderData} />;
}
