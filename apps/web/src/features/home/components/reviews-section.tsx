import type { Review } from '@toolshop/shared/review';
import { SectionHeading } from '../../../components/ui/section-heading';
import { ReviewCard } from '../../reviews';

export function ReviewsSection({ reviews }: { reviews: Review[] }) {
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="reviews-heading"
        title="Reviews"
        subtitle="What technicians and repair shop owners say about our tools."
      />
      {reviews.length === 0 ? (
        <p className="text-center text-base-content/70">No reviews yet.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
