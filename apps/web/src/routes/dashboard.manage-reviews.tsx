import { pageMeta } from '../components/layout/page-meta';
import { ScreenError } from '../components/layout/screen-error';
import { loadAdminScreen } from '../lib/screen-loaders';
import { browserQueryClient } from '../lib/query-client';
import { readUrlQuery } from '../lib/use-url-query';
import { reviewPageQueryOptions } from '../features/reviews/api';
import {
  ManageReviewsPage,
  REVIEWS_PER_PAGE,
  reviewListQuerySchema,
} from '../features/admin/pages/manage-reviews-page';
import type { Route } from './+types/dashboard.manage-reviews';

export const meta: Route.MetaFunction = pageMeta({ title: 'Manage Reviews' });

export const clientLoader = (args: Route.ClientLoaderArgs) =>
  loadAdminScreen(args, (_user, { search }) =>
    browserQueryClient().ensureQueryData(
      reviewPageQueryOptions(readUrlQuery(reviewListQuerySchema, search).page, REVIEWS_PER_PAGE),
    ),
  );

export function ErrorBoundary() {
  return <ScreenError what="the reviews" />;
}

export default ManageReviewsPage;
