import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ManageReviewsPage, REVIEWS_PER_PAGE } from './manage-reviews-page';

const firstPage = Array.from({ length: REVIEWS_PER_PAGE }, (_, index) => makeReview(index + 1));
const secondPage = [makeReview(11)];

describe('ManageReviewsPage', { timeout: 20_000 }, () => {
  it('pages through the reviews and removes one after the admin confirms', async () => {
    let pageOne = firstPage;
    const fetchMock = mockRoutes({
      'GET /api/review': () => ({ body: { items: pageOne, total: pageOne.length + 1, page: 1, limit: 10 } }),
      'DELETE /api/review/:id': () => {
        pageOne = pageOne.slice(1);
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageReviewsPage />);

    expect(await screen.findByText('11 reviews')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/review?page=1&limit=${REVIEWS_PER_PAGE}`);

    await user.click(screen.getByRole('button', { name: "Remove Reviewer 1's review" }));
    const dialog = screen.getByRole('dialog', { name: "Remove Reviewer 1's review?" });
    await user.click(within(dialog).getByRole('button', { name: 'Keep review' }));
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: "Remove Reviewer 1's review" }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText("Reviewer 1's review removed.")).toBeInTheDocument();
    expect(await screen.findByText('10 reviews')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Remove Reviewer 1's review" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE').map(([url]) => url)).toEqual([
      `/api/review/${firstPage[0]!._id}`,
    ]);
  });

  it('shows the next page', async () => {
    mockRoutes({
      'GET /api/review': () => ({ body: { items: firstPage, total: 11, page: 1, limit: 10 } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageReviewsPage />);
    await screen.findByText('Page 1 of 2');
    mockRoutes({ 'GET /api/review': { body: { items: secondPage, total: 11, page: 2, limit: 10 } } });

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Reviewer 11')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
