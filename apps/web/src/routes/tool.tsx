import type { Category } from '@toolshop/shared/category';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import type { Tool } from '@toolshop/shared/tool';
import { jsonLd, pageMetaTags, publicUrlOf } from '../components/layout/page-meta';
import { previewImageOf } from '../components/layout/preview-image';
import { priceValidUntilFrom, productData, ratingData } from '../components/layout/structured-data';
import { ProductReviewsSection } from '../features/product-reviews';
import {
  loadProductReviews,
  runProductReviewAction,
} from '../features/product-reviews/product-review-requests';
import { ToolPage } from '../features/tools/pages/tool-page';
import { loadFromApi } from '../lib/storefront';
import type { Route } from './+types/tool';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [tool, related, categories, shipping, reviews] = await Promise.all([
    loadFromApi<Tool>(context, `/api/tools/${id}`),
    loadFromApi<Tool[]>(context, `/api/tools/${id}/related`),
    loadFromApi<Category[]>(context, '/api/categories'),
    // For search engines only: the shipping its offer states (decision 059).
    loadFromApi<ShippingSettings>(context, '/api/settings/shipping'),
    loadProductReviews(context, params.id, new URL(request.url)),
  ]);
  const category = categories.find((candidate) => candidate._id === tool.categoryId);
  // Dated on the server, so that the page's head is the same after hydration.
  return {
    tool,
    related,
    category,
    reviews,
    shipping,
    priceValidUntil: priceValidUntilFrom(new Date()),
  };
}

/** The product page's review forms: a customer's review of the tool, a helpful vote (decision 057). */
export async function action({ params, request, context }: Route.ActionArgs) {
  return runProductReviewAction(context, params.id, await request.formData());
}

/** Search engines and link previews: Open Graph, and schema.org's Product with its live offer and rating. */
export const meta: Route.MetaFunction = (args) => {
  // Not found: the site layout names the page.
  if (!args.data) return [];
  const { tool, shipping, priceValidUntil, reviews } = args.data;
  const base = publicUrlOf(args.matches);
  const image = previewImageOf(tool, base);
  return [
    ...pageMetaTags(args, { title: tool.name, description: tool.description, image, type: 'product' }),
    jsonLd({
      ...productData({ tool, base, image, shipping, priceValidUntil }),
      ...ratingData(reviews.page),
    }),
  ];
};

export default function ToolRoute({
  loaderData: { tool, related, category, reviews },
}: Route.ComponentProps) {
  return (
    <ToolPage tool={tool} related={related} category={category}>
      <ProductReviewsSection data={reviews} />
    </ToolPage>
  );
}
