import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_REVIEW_COUNT } from '@toolshop/shared/constants';
import { makeReview } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

describe('ReviewsSection', () => {
  it('shows each review with name, rating as stars and number, and text', () => {
    const reviews = Array.from({ length: HOME_REVIEW_COUNT }, (_, i) => makeReview(i + 1));

    renderWithProviders(<ReviewsSection reviews={reviews} />);

    const region = screen.getByRole('region', { name: 'Reviews' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(HOME_REVIEW_COUNT);
    const first = within(items[0]!);
    expect(first.getByText('Reviewer 1')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('2/5');
    expect(items[0]).toHaveTextContent('Review text 1');
  });

  it('says so when there is no review yet', () => {
    renderWithProviders(<ReviewsSection reviews={[]} />);

    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
  });

  it('shows review text as text, never as markup', () => {
    renderWithProviders(
      <ReviewsSection reviews={[{ ...makeReview(1), description: '<img src=x onerror=alert(1)>' }]} />,
    );

    expect(screen.getByText('“<img src=x onerror=alert(1)>”')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
