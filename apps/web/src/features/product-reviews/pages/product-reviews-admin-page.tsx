import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '@toolshop/shared/paths';
import type { AdminProductReview } from '@toolshop/shared/product-review';
import { DataTable } from '../../../components/ui/data-table';
import { Modal } from '../../../components/ui/modal';
import { Pager } from '../../../components/ui/pager';
import { RatingStars } from '../../../components/ui/rating-stars';
import { toast } from '../../../components/ui/toasts';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useAdminProductReviews, useHideProductReview } from '../api';

export const PRODUCT_REVIEWS_PER_PAGE = 10;

/** `?page=`: the page on screen, in the URL so that Back and a reload keep it. */
export const productReviewListQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** Asks why before hiding: the reason goes to the activity log with the review. */
function HideReviewDialog({ review, onClose }: { review: AdminProductReview | null; onClose: () => void }) {
  const hide = useHideProductReview();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    hide.mutate(
      { id: review._id, reason },
      {
        onSuccess: () => {
          toast.success(`${review.name}'s review of ${review.toolName} is hidden.`);
          setReason('');
          onClose();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <Modal open={review !== null} onClose={onClose} title={review ? `Hide ${review.name}'s review?` : ''}>
      <form onSubmit={submit} className="flex flex-col gap-3 py-3">
        <p className="text-sm text-base-content/70">
          It leaves the product page and the tool&apos;s rating. The activity log keeps your reason.
        </p>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Reason</span>
          <textarea
            required
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="textarea w-full"
          />
        </label>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Keep review
          </button>
          <button type="submit" className="btn btn-error" disabled={hide.isPending || !reason.trim()}>
            Hide review
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Admins read every product review, a page at a time, and hide the ones that break the shop's rules. */
export function ProductReviewsAdminPage() {
  const [{ page }, update] = useUrlQuery(productReviewListQuerySchema);
  const { items, total } = useAdminProductReviews(page, PRODUCT_REVIEWS_PER_PAGE);
  const [hiding, setHiding] = useState<AdminProductReview | null>(null);
  const pages = Math.max(1, Math.ceil(total / PRODUCT_REVIEWS_PER_PAGE));
  return (
    <>
      <DataTable
        caption={total === 1 ? '1 product review' : `${total} product reviews`}
        showCaption
        columns={['Tool', 'Customer', 'Rating', 'Review', 'Status']}
      >
        {items.length === 0 && (
          <tr>
            <td colSpan={5} className="py-10 text-center text-base-content/60">
              No product reviews yet. They show up here as soon as buyers rate their tools.
            </td>
          </tr>
        )}
        {items.map((review) => (
          <tr key={review._id}>
            <td>
              <Link className="link" to={paths.tool(review.toolId)}>
                {review.toolName}
              </Link>
            </td>
            <td className="whitespace-nowrap">{review.name}</td>
            <td>
              <RatingStars value={review.rating} />
            </td>
            <td className="min-w-64 break-words">{review.body}</td>
            <td>
              {review.hidden ? (
                <span className="text-sm">Hidden: {review.hidden.reason}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-error btn-outline btn-xs"
                  onClick={() => setHiding(review)}
                  aria-label={`Hide ${review.name}'s review of ${review.toolName}`}
                >
                  Hide
                </button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <div className="mt-4 flex justify-center">
        <Pager label="Review pages" page={page} pages={pages} onPage={(next) => update({ page: next })} />
      </div>
      <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
    </>
  );
}
