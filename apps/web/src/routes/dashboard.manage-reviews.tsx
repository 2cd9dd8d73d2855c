import { pageMeta } from '../components/layout/page-meta';
import { ManageReviewsPage } from '../features/reviews/pages/manage-reviews-page';

export const meta = pageMeta({ title: 'Manage Reviews' });

export default ManageReviewsPage;
