import { pageMeta } from '../components/layout/page-meta';
import { AddReviewPage } from '../features/reviews/pages/add-review-page';
import { runAddReview } from '../features/reviews/review-requests';
import type { Route } from './+types/dashboard.add-review';

/** The form sent before the page's scripts ran. */
export const action = ({ request, context }: Route.ActionArgs) => runAddReview(context, request);

export const meta: Route.MetaFunction = pageMeta({ title: 'Add A Review' });

export default function AddReview({ actionData }: Route.ComponentProps) {
  return <AddReviewPage answer={actionData} />;
}
