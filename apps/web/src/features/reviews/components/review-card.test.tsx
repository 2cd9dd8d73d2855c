import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReview } from '../../../test/fixtures';
import { ReviewCard } from './review-card';

describe('ReviewCard', () => {
  it('marks a review by a verified buyer', () => {
    render(<ReviewCard review={{ ...makeReview(1), verifiedBuyer: true }} />);

    expect(screen.getByText('verified buyer')).toBeInTheDocument();
    expect(screen.getByText('Reviewer 1')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
  });

  it('shows no badge for other reviews', () => {
    render(<ReviewCard review={{ ...makeReview(1), verifiedBuyer: false }} />);

    expect(screen.queryByText('verified buyer')).not.toBeInTheDocument();
  });

  it('shows markup in a review as text', () => {
    const { container } = render(
      <ReviewCard
        review={{
          ...makeReview(3),
          name: '<b>Mallory</b>',
          description: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
        }}
      />,
    );

    expect(screen.getByText('“<img src=x onerror="alert(1)"><script>alert(2)</script>”')).toBeInTheDocument();
    expect(screen.getByText('<b>Mallory</b>')).toBeInTheDocument();
    expect(container.querySelector('script, b, img[src="x"]')).toBeNull();
  });
});
