import { HOME_REVIEW_COUNT } from '@toolshop/shared/constants';
import { QueryError } from '../../../components/ui/query-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useReviewPage } from '../../reviews/api';
import { ReviewCard } from '../../reviews/components/review-card';

export function ReviewsSection() {
  const reviewsQuery = useReviewPage(1, HOME_REVIEW_COUNT);
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="reviews-heading"
        title="Reviews"
        subtitle="What technicians and repair shop owners say about our tools."
      />
      {reviewsQuery.isPending && <Spinner label="Loading reviews" />}
      {reviewsQuery.isError && <QueryError what="the reviews" onRetry={() => void reviewsQuery.refetch()} />}
      {reviewsQuery.isSuccess && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reviewsQuery.data.items.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
