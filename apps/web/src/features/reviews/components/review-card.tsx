import type { Review } from '@toolshop/shared/review';
import { RatingStars } from '../../../components/ui/rating-stars';

export function ReviewCard({ review }: { review: Review }) {
  const initials = review.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    // The card and its body in one element: a figcaption must be a direct child of its figure.
    <figure className="card card-body h-full gap-4 border border-base-300 bg-base-100 shadow-sm">
      <RatingStars value={review.ratings} />
      <blockquote className="flex-1 leading-relaxed text-base-content/80">
        <p>“{review.description}”</p>
      </blockquote>
      <figcaption className="flex items-center gap-3">
        <span
          className="grid size-10 place-items-center rounded-full bg-primary/10 font-bold text-primary"
          aria-hidden="true"
        >
          {initials}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold">{review.name}</span>
          {review.verifiedBuyer && (
            <span className="badge badge-success badge-soft badge-sm">verified buyer</span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
