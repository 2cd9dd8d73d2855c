import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { readUrlQuery } from '../lib/use-url-query';
import { adminProductReviewsQueryOptions } from '../features/product-reviews/api';
import {
  PRODUCT_REVIEWS_PER_PAGE,
  ProductReviewsAdminPage,
  productReviewListQuerySchema,
} from '../features/product-reviews/pages/product-reviews-admin-page';
import type { Route } from './+types/dashboard.product-reviews';

export const meta: Route.MetaFunction = pageMeta({ title: 'Product Reviews' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    browserQueryClient().ensureQueryData(
      adminProductReviewsQueryOptions(
        readUrlQuery(productReviewListQuerySchema, search).page,
        PRODUCT_REVIEWS_PER_PAGE,
      ),
    ),
  );

export function ErrorBoundary() {
  return <ScreenError what="the product reviews" />;
}

export default ProductReviewsAdminPage;
