import { pageMeta } from '../components/layout/page-meta';
import { AddReviewPage } from '../features/reviews/pages/add-review-page';
import type { Route } from './+types/dashboard.add-review';

export const meta: Route.MetaFunction = pageMeta({ title: 'Add A Review' });

export default AddReviewPage;
