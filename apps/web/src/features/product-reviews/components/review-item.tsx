import { useFetcher } from 'react-router';
import type { ProductReview } from '@toolshop/shared/product-review';
import { RatingStars } from '../../../components/ui/rating-stars';
import { formatCalendarDay } from '../../../lib/date-format';
import type { ProductReviewActionResult } from '../product-review-requests';

const peopleFound = (helpful: number) =>
  helpful === 1 ? '1 person found this helpful' : `${helpful} people found this helpful`;

/**
 * One review on a product page. `canVote`: a signed-in customer who is not its author may mark it helpful
 * (a form to the page's action: once per customer, the server counts).
 */
export function ReviewItem({ review, canVote }: { review: ProductReview; canVote: boolean }) {
  const fetcher = useFetcher<ProductReviewActionResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const headingId = `review-${review._id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-2 border-b border-base-300 py-5">
        <RatingStars value={review.rating} />
        <h3 id={headingId} className="flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold">
          {review.name}
          {review.verifiedPurchase && (
            <span className="badge badge-success badge-soft badge-sm">Verified purchase</span>
          )}
        </h3>
        <p className="text-sm text-base-content/70">
          {/* The day in UTC: the same in the server's HTML and the browser. */}
          <time dateTime={review.updatedAt}>{formatCalendarDay(review.updatedAt.slice(0, 10))}</time>
        </p>
        <p className="whitespace-pre-line leading-relaxed">{review.body}</p>
        <div className="flex flex-wrap items-center gap-3 text-sm text-base-content/80">
          {review.helpful > 0 && <span>{peopleFound(review.helpful)}</span>}
          {canVote && (
            <fetcher.Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="helpful" />
              <input type="hidden" name="reviewId" value={review._id} />
              <button type="submit" className="btn btn-sm btn-outline" disabled={fetcher.state !== 'idle'}>
                Helpful <span className="sr-only">: the review by {review.name}</span>
              </button>
            </fetcher.Form>
          )}
          {result && (
            <span role="status" className={result.ok ? '' : 'text-error'}>
              {result.ok ? 'Thanks for your vote.' : result.message}
            </span>
          )}
        </div>
      </article>
    </li>
  );
}
