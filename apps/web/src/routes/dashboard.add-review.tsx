import { pageMeta } from '../components/layout/page-meta';
import { AddReviewPage } from '../features/reviews/pages/add-review-page';

export const meta = pageMeta({ title: 'Add A Review' });

export default AddReviewPage;
