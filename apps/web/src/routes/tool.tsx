import { paths } from '@toolshop/shared/paths';
import { MAX_RATING, MIN_RATING } from '@toolshop/shared/constants';
import type { ProductReviewPage } from '@toolshop/shared/product-review';
import { stockStateOf } from '@toolshop/shared/stock-state';
import type { Tool } from '@toolshop/shared/tool';
import { pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { ProductReviewsSection } from '../features/product-reviews';
import {
  loadProductReviews,
  runProductReviewAction,
} from '../features/product-reviews/product-review-requests';
import { ToolPage } from '../features/tools/pages/tool-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/tool';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const [tool, reviews] = await Promise.all([
    loadFromApi<Tool>(context, `/api/tools/${encodeURIComponent(params.id)}`),
    loadProductReviews(context, params.id, new URL(request.url)),
  ]);
  return { tool, reviews };
}

/** The product page's review forms: a customer's review of the tool, a helpful vote (decision 057). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return runProductReviewAction(context, params.id, await request.formData());
}

/** schema.org's rating of a product and its reviews on this page, when it has any. */
function ratingData(reviews: ProductReviewPage) {
  const { average, count } = reviews.rating;
  if (average === null || count === 0) return {};
  const scale = { bestRating: MAX_RATING, worstRating: MIN_RATING };
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, ...scale },
    review: reviews.items.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.name },
      datePublished: review.updatedAt.slice(0, 10),
      reviewBody: review.body,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
    })),
  };
}

/** Search engines and link previews: Open Graph, and schema.org's Product with its live offer and rating. */
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
        ...ratingData(args.data.reviews.page),
      },
    },
  ];
};

export default function ToolRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ToolPage tool={loaderData.tool}>
      <ProductReviewsSection data={loaderData.reviews} />
    </ToolPage>
  );
}
