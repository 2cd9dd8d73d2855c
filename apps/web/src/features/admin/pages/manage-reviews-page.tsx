import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '../../../components/ui/toasts';
import { z } from 'zod';
import type { Review } from '@toolshop/shared/review';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { RatingStars } from '../../../components/ui/rating-stars';
import { useUrlQuery } from '../../../lib/use-url-query';
import { useRemoveReview, useReviewPage } from '../../reviews/api';

export const REVIEWS_PER_PAGE = 10;

/** `?page=`: the page of reviews on screen, in the URL so that Back and a reload keep it. */
export const reviewListQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

function RemoveReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const removeReview = useRemoveReview();
  const remove = (target: Review) =>
    removeReview.mutate(target._id, {
      onSuccess: () => {
        toast.success(`${target.name}'s review removed.`);
        onClose();
      },
      onError: (error) => toast.error(error.message),
    });
  return (
    <ConfirmDialog
      open={review !== null}
      title={review ? `Remove ${review.name}'s review?` : ''}
      keepLabel="Keep review"
      confirmLabel="Remove"
      busy={removeReview.isPending}
      onClose={onClose}
      onConfirm={() => review && remove(review)}
    >
      {review && `“${review.description}” will no longer show on the home page.`}
    </ConfirmDialog>
  );
}

/** Admins read every review, a page at a time, and remove the ones that break the shop's rules. */
export function ManageReviewsPage() {
  const [{ page }, update] = useUrlQuery(reviewListQuerySchema);
  const { items, total } = useReviewPage(page, REVIEWS_PER_PAGE);
  const [removing, setRemoving] = useState<Review | null>(null);
  const setPage = (next: number) => update({ page: next });

  const pages = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  // Removing the last review of the last page leaves that page empty: show the one before.
  if (items.length === 0 && page > 1) return <Navigate to={`?page=${Math.min(page - 1, pages)}`} replace />;

  return (
    <>
      <DataTable
        caption={total === 1 ? '1 review' : `${total} reviews`}
        showCaption
        columns={['Name', 'ratings', 'review', 'Action']}
      >
        {items.length === 0 && (
          <tr>
            <td colSpan={4} className="py-10 text-center text-base-content/60">
              No reviews yet. They show up here as soon as customers post them.
            </td>
          </tr>
        )}
        {items.map((review) => (
          <tr key={review._id}>
            <td className="whitespace-nowrap">
              {review.name}
              {review.verifiedBuyer && (
                <span className="badge badge-success badge-soft badge-sm ml-2">verified buyer</span>
              )}
            </td>
            <td>
              <RatingStars value={review.ratings} />
            </td>
            <td className="min-w-64 break-words">{review.description}</td>
            <td>
              <button
                type="button"
                className="btn btn-error btn-outline btn-xs"
                onClick={() => setRemoving(review)}
                aria-label={`Remove ${review.name}'s review`}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 && (
        <nav aria-label="Review pages" className="mt-4 flex items-center justify-center gap-3">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setPage(page - 1)}
            disabled={page === 1}
          >
            Previous
          </button>
          <span className="text-sm">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setPage(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </nav>
      )}
      <RemoveReviewDialog review={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
