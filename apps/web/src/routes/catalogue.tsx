import type { ToolPage } from '@toolshop/shared/tool-filters';
import { jsonLd, pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { itemListData } from '../components/layout/structured-data';
import { catalogueApiPath, catalogueFiltersOf } from '@toolshop/shared/catalogue-filters';
import { CataloguePage } from '../features/tools/pages/catalogue-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/catalogue';

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = catalogueFiltersOf(new URL(request.url).searchParams);
  return { filters, result: await loadFromApi<ToolPage>(context, catalogueApiPath(filters)) };
}

/** The catalogue, and the tools its page lists as schema.org's ItemList (decision 059). */
export const meta: Route.MetaFunction = (args) => {
  const tags = pageMetaTags(args, {
    title: 'All tools',
    description:
      'Every computer repair tool Toolshop sells: search by name, sort by price, see what is in stock.',
  });
  if (!args.data) return tags;
  const { items, page, limit } = args.data.result;
  return [...tags, jsonLd(itemListData(publicUrlOf(args.matches), items, (page - 1) * limit + 1))];
};

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  return <CataloguePage {...loaderData} />;
}
