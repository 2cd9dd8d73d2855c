import type { ToolFacets } from '@toolshop/shared/tool-facets';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { pageMeta } from '../components/layout/page-meta';
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

export const meta: Route.MetaFunction = pageMeta({
  title: 'All tools',
  description:
    'Every computer repair tool Toolshop sells: browse by category, filter by price, see what is in stock.',
});

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return <CataloguePage {...loaderData} />;
}
