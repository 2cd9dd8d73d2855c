import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_REVIEW_COUNT } from '@toolshop/shared/constants';
import { makeReview } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

afterEach(() => vi.unstubAllGlobals());

describe('ReviewsSection', () => {
  it('asks for the newest six reviews and shows each with name, rating as stars and number, and text', async () => {
    const calls = mockRoutes({
      'GET /api/review': {
        body: {
          items: Array.from({ length: HOME_REVIEW_COUNT }, (_, i) => makeReview(i + 1)),
          total: 40,
          page: 1,
          limit: HOME_REVIEW_COUNT,
        },
      },
    });

    renderWithProviders(<ReviewsSection />);

    const region = await screen.findByRole('region', { name: 'Reviews' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(HOME_REVIEW_COUNT);
    expect(calls).toHaveBeenCalledWith(`/api/review?page=1&limit=${HOME_REVIEW_COUNT}`, expect.anything());
    const first = within(items[0]!);
    expect(first.getByText('Reviewer 1')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('2/5');
    expect(items[0]).toHaveTextContent('Review text 1');
  });

  it('shows review text as text, never as markup', async () => {
    mockRoutes({
      'GET /api/review': {
        body: {
          items: [{ ...makeReview(1), description: '<img src=x onerror=alert(1)>' }],
          total: 1,
          page: 1,
          limit: HOME_REVIEW_COUNT,
        },
      },
    });

    renderWithProviders(<ReviewsSection />);

    expect(await screen.findByText('“<img src=x onerror=alert(1)>”')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
