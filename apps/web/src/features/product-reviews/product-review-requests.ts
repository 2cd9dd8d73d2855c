import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  productReviewInputSchema,
  type MyProductReview,
  type ProductReviewPage,
} from '@toolshop/shared/product-review';
import {
  productReviewFiltersOf,
  PRODUCT_REVIEW_PAGE_SIZE,
  type ProductReviewFilters,
} from '@toolshop/shared/product-review-page';
import { loadFromApi } from '../../lib/storefront';
import { apiRefusal, formNumber } from '../../lib/form-actions';

/** What a product page shows of its reviews: the page its address asks for, and the viewer's own part. */
export interface ProductReviewsData {
  filters: ProductReviewFilters;
  page: ProductReviewPage;
  /** Null for a visitor who is not signed in. */
  mine: MyProductReview | null;
  signedIn: boolean;
}

/**
 * The product page's reviews, read while the page renders on the server (decision 057): their first page
 * is in the HTML. A signed-in visitor's own review and whether they may write one come from their session.
 */
export async function loadProductReviews(
  context: AppLoadContext,
  toolId: string,
  url: URL,
): Promise<ProductReviewsData> {
  const filters = productReviewFiltersOf(url.searchParams);
  const query = new URLSearchParams({
    sort: filters.sort,
    page: String(filters.page),
    limit: String(PRODUCT_REVIEW_PAGE_SIZE),
  });
  const tool = encodeURIComponent(toolId);
  const [page, user] = await Promise.all([
    loadFromApi<ProductReviewPage>(context, `/api/tools/${tool}/reviews?${query}`),
    context.storefront.user(),
  ]);
  if (!user) return { filters, page, mine: null, signedIn: false };
  const mine = await context.storefront.send<MyProductReview>('GET', `/api/tools/${tool}/reviews/mine`);
  return { filters, page, mine: mine.status === 200 ? mine.body : null, signedIn: true };
}

/** What a review form asks (its `intent`): write the customer's review, or mark someone's helpful. */
const reviewFormSchema = z.discriminatedUnion('intent', [
  productReviewInputSchema.extend({ intent: z.literal('review') }),
  z.object({ intent: z.literal('helpful'), reviewId: z.uuid() }),
]);

export type ProductReviewActionResult =
  | { ok: true; intent: 'review' | 'helpful'; reviewId?: string }
  | { ok: false; intent: 'review' | 'helpful' | null; reviewId?: string; message: string };

/**
 * The product page's review forms (its route action): a plain form before the scripts run, a fetcher
 * after; either way the API is called as the visitor, whose session decides. A refusal answers the API's
 * status with its message.
 */
export async function runProductReviewAction(context: AppLoadContext, toolId: string, form: FormData) {
  const { rating, ...fields } = Object.fromEntries(form);
  const parsed = reviewFormSchema.safeParse({ ...fields, rating: formNumber(rating) });
  const intent =
    form.get('intent') === 'helpful' ? 'helpful' : form.get('intent') === 'review' ? 'review' : null;
  const reviewId = typeof form.get('reviewId') === 'string' ? String(form.get('reviewId')) : undefined;
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'This form could not be read.';
    return data<ProductReviewActionResult>({ ok: false, intent, reviewId, message }, { status: 400 });
  }
  const request = parsed.data;
  const answer =
    request.intent === 'review'
      ? await context.storefront.send('POST', `/api/tools/${encodeURIComponent(toolId)}/reviews`, {
          rating: request.rating,
          body: request.body,
        })
      : await context.storefront.send('POST', `/api/product-reviews/${request.reviewId}/helpful`);
  if (answer.status >= 400) {
    const message =
      answer.status === 401 ? 'Sign in to do this.' : apiRefusal(answer, 'This could not be saved');
    return data<ProductReviewActionResult>(
      { ok: false, intent: request.intent, reviewId, message },
      { status: answer.status },
    );
  }
  return data<ProductReviewActionResult>({ ok: true, intent: request.intent, reviewId });
}
