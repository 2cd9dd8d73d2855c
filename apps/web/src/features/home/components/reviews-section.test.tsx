import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReview } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

afterEach(() => vi.unstubAllGlobals());

describe('ReviewsSection', () => {
  it('shows up to six reviews with name, rating as stars and number, and text', async () => {
    mockRoutes({ 'GET /api/review': { body: Array.from({ length: 7 }, (_, i) => makeReview(i + 1)) } });

    renderWithProviders(<ReviewsSection />);

    const region = await screen.findByRole('region', { name: 'Reviews' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(6);
    const first = within(items[0]!);
    expect(first.getByText('Reviewer 1')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('2/5');
    expect(items[0]).toHaveTextContent('Review text 1');
  });

  it('shows review text as text, never as markup', async () => {
    mockRoutes({
      'GET /api/review': { body: [{ ...makeReview(1), description: '<img src=x onerror=alert(1)>' }] },
    });

    renderWithProviders(<ReviewsSection />);

    expect(await screen.findByText('“<img src=x onerror=alert(1)>”')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
