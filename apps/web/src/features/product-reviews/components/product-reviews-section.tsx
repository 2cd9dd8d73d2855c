import { Link, useLocation } from 'react-router';
import { formatCount } from '@toolshop/shared/number-format';
import {
  PRODUCT_REVIEW_SORTS,
  productReviewSearch,
  type ProductReviewSort,
} from '@toolshop/shared/product-review-page';
import { Pager } from '../../../components/ui/pager';
import type { ProductReviewsData } from '../product-review-requests';
import { RatingSummary } from './rating-summary';
import { ReviewAction } from './review-form';
import { ReviewItem } from './review-item';

/**
 * A product page's ratings and reviews (decision 057), below its details: the rating and its histogram,
 * the visitor's own review form, then the reviews, newest or most helpful first, a page at a time. The
 * sort and page are in the address, so they work without scripts and each view has one URL.
 */
export function ProductReviewsSection({ data }: { data: ProductReviewsData }) {
  const { pathname } = useLocation();
  const { filters, page, mine, signedIn } = data;
  const pages = Math.ceil(page.total / page.limit);
  const hrefOf = (changes: { sort?: ProductReviewSort; page?: number }) =>
    `${pathname}${productReviewSearch({ ...filters, ...changes })}#reviews`;
  const canVote = (authorId: string) => signedIn && mine?.review?._id !== authorId;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-16 grid scroll-mt-24 gap-10 lg:grid-cols-[20rem_1fr]"
    >
      <div className="flex flex-col gap-6">
        <h2 id="reviews-heading" className="text-2xl font-extrabold tracking-tight">
          Customer reviews
        </h2>
        <RatingSummary rating={page.rating} />
        <ReviewAction mine={mine} signedIn={signedIn} here={`${pathname}#reviews`} />
      </div>
      <div className="flex flex-col gap-4">
        {page.total > 0 ? (
          <>
            <nav aria-label="Sort reviews" className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold">Sort:</span>
              {(Object.keys(PRODUCT_REVIEW_SORTS) as ProductReviewSort[]).map((sort) => (
                <Link
                  key={sort}
                  to={hrefOf({ sort, page: 1 })}
                  preventScrollReset
                  aria-current={sort === filters.sort ? 'true' : undefined}
                  className={`btn btn-sm ${sort === filters.sort ? 'btn-neutral' : 'btn-ghost'}`}
                >
                  {PRODUCT_REVIEW_SORTS[sort]}
                </Link>
              ))}
            </nav>
            <p className="text-sm text-base-content/80" aria-live="polite">
              {formatCount(page.total)} review{page.total === 1 ? '' : 's'}
              {pages > 1 && `, page ${page.page} of ${pages}`}
            </p>
            <ol className="flex flex-col">
              {page.items.map((review) => (
                <ReviewItem key={review._id} review={review} canVote={canVote(review._id)} />
              ))}
            </ol>
            <Pager
              label="Review pages"
              page={page.page}
              pages={pages}
              hrefOf={(to) => hrefOf({ page: to })}
            />
          </>
        ) : (
          <p className="text-base-content/80">
            No reviews yet. Buyers of this tool can be the first to rate it.
          </p>
        )}
      </div>
    </section>
  );
}
