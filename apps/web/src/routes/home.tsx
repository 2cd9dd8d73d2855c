import { HOME_REVIEW_COUNT, HOME_TOOL_COUNT } from '@toolshop/shared/constants';
import type { Page } from '@toolshop/shared/paging';
import type { Review } from '@toolshop/shared/review';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { jsonLd, pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { organizationData, webSiteData } from '../components/layout/structured-data';
import { HomePage } from '../features/home/pages/home-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [tools, reviews] = await Promise.all([
    loadFromApi<ToolPage>(context, `/api/tools?sort=date-desc&limit=${HOME_TOOL_COUNT}`),
    loadFromApi<Page<Review>>(context, `/api/review?page=1&limit=${HOME_REVIEW_COUNT}`),
  ]);
  return { tools: tools.items, reviews: reviews.items };
}

/** The shop for search engines: the organization, and the site with its search (decision 059). */
export const meta: Route.MetaFunction = (args) => {
  const base = publicUrlOf(args.matches);
  return [...pageMetaTags(args, {}), jsonLd(organizationData(base)), jsonLd(webSiteData(base))];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
