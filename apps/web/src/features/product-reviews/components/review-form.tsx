import { useFetcher } from 'react-router';
import { MAX_RATING, MIN_RATING } from '@toolshop/shared/constants';
import { paths } from '@toolshop/shared/paths';
import type { MyProductReview } from '@toolshop/shared/product-review';
import { PRODUCT_REVIEW_BODY_MAX } from '@toolshop/shared/product-review-page';
import type { ProductReviewActionResult } from '../product-review-requests';

const RATINGS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, i) => MIN_RATING + i);

/**
 * The signed-in buyer's review of the tool: new, or their earlier one to edit (a new version replaces
 * it). A form to the page's route action, so it works before the scripts run.
 */
function ReviewForm({ mine }: { mine: MyProductReview }) {
  const fetcher = useFetcher<ProductReviewActionResult>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const editing = mine.review !== null;
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-4"
      aria-labelledby="review-form"
    >
      <h3 id="review-form" className="text-lg font-bold">
        {editing ? 'Edit your review' : 'Write a review'}
      </h3>
      {mine.hidden && (
        <p className="alert alert-warning text-sm">
          The shop hid your review: it is not shown on this page. Editing it does not show it again.
        </p>
      )}
      <input type="hidden" name="intent" value="review" />
      <fieldset className="fieldset">
        <legend className="fieldset-legend text-sm">Your rating</legend>
        <div className="rating rating-lg gap-1">
          {RATINGS.map((stars) => (
            <input
              key={stars}
              type="radio"
              name="rating"
              value={stars}
              required
              defaultChecked={mine.review?.rating === stars}
              aria-label={`${stars} star${stars === 1 ? '' : 's'}`}
              className="mask mask-star-2 bg-amber-500"
            />
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">Your review</span>
        <textarea
          name="body"
          required
          maxLength={PRODUCT_REVIEW_BODY_MAX}
          rows={4}
          defaultValue={mine.review?.body ?? ''}
          className="textarea w-full"
        />
      </label>
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? 'Saving…' : editing ? 'Update review' : 'Publish review'}
      </button>
      <p role="status" className={`min-h-5 text-sm ${result?.ok === false ? 'text-error' : ''}`}>
        {result && (result.ok ? 'Thank you: your review is saved.' : result.message)}
      </p>
    </fetcher.Form>
  );
}

/** What a visitor may do about reviewing: sign in, buy first, or write (and edit) their review. */
export function ReviewAction({
  mine,
  signedIn,
  here,
}: {
  mine: MyProductReview | null;
  signedIn: boolean;
  /** The page's own address, to come back to after signing in. */
  here: string;
}) {
  if (!signedIn) {
    return (
      <p className="text-sm">
        Bought this tool?{' '}
        <a className="link link-primary" href={`${paths.login}?${new URLSearchParams({ redirectTo: here })}`}>
          Sign in to rate and review it
        </a>
        .
      </p>
    );
  }
  if (!mine?.eligible) {
    return (
      <p className="text-sm text-base-content/80">
        Only customers who bought this tool can review it: once your order of it is paid, you can rate it
        here.
      </p>
    );
  }
  return <ReviewForm mine={mine} />;
}
