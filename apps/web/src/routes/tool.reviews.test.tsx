import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyProductReview, ProductReview, ProductReviewPage } from '@toolshop/shared/product-review';
import { makeTool } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import * as toolRoute from './tool';

const tool = { ...makeTool(4), rating: { average: 4.5, count: 2 } };

const review = (index: number, values: Partial<ProductReview> = {}): ProductReview => ({
  _id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  toolId: tool._id,
  name: `Buyer ${index}`,
  rating: 5,
  body: `Review number ${index}`,
  updatedAt: '2026-11-20T10:00:00.000Z',
  verifiedPurchase: true,
  helpful: 0,
  ...values,
});

const reviewPage: ProductReviewPage = {
  items: [review(1, { helpful: 3 }), review(2, { rating: 4 })],
  total: 2,
  page: 1,
  limit: 5,
  rating: {
    average: 4.5,
    count: 2,
    histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars >= 4 ? 1 : 0 })),
  },
};

const signedIn = () => {
  const { storefront } = storefrontStub();
  const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: true };
  return { storefront: { ...storefront, user: () => Promise.resolve(user) } };
};

function renderToolPage(context = storefrontStub()) {
  return renderRoutes(
    [
      {
        path: '/tools/:id',
        loader: toolRoute.loader as never,
        action: toolRoute.action as never,
        Component: toolRoute.default,
      },
    ],
    { route: `/tools/${tool._id}`, context },
  );
}

const reviewsPath = `/api/tools/${tool._id}/reviews`;

/** What the product page reads beside its reviews: the tool, its related tools, the categories, shipping. */
const productPageReads = {
  [`GET /api/tools/${tool._id}`]: { body: tool },
  [`GET /api/tools/${tool._id}/related`]: { body: [] },
  'GET /api/categories': { body: [] },
  'GET /api/settings/shipping': { body: { shippingFeeCents: 0, freeShippingFromCents: null } },
};

describe('the product page’s reviews', () => {
  it('shows the rating, its histogram and the reviews, each a verified purchase; signed out, a way to sign in', async () => {
    mockRoutes({
      ...productPageReads,
      [`GET ${reviewsPath}`]: { body: reviewPage },
    });
    renderToolPage();
    const section = await screen.findByRole('region', { name: 'Customer reviews' });
    expect(within(section).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    const bars = within(section).getByRole('list', { name: 'How customers rated it' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((bar) => bar.textContent),
    ).toEqual([
      '5 stars1 review',
      '4 stars1 review',
      '3 stars0 reviews',
      '2 stars0 reviews',
      '1 star0 reviews',
    ]);
    const first = within(section).getByRole('article', { name: /Buyer 1/ });
    expect(within(first).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(first).getByText('3 people found this helpful')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Sign in to rate and review it' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Helpful/ })).not.toBeInTheDocument();
  });

  it('tells a signed-in customer who has not bought the tool that buyers review it', async () => {
    const mine: MyProductReview = { eligible: false, review: null, hidden: false };
    mockRoutes({
      ...productPageReads,
      [`GET ${reviewsPath}`]: { body: reviewPage },
      [`GET ${reviewsPath}/mine`]: { body: mine },
    });
    renderToolPage(signedIn());
    expect(await screen.findByText(/Only customers who bought this tool can review it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('lets a buyer rate and review the tool on its page, and says it is saved', async () => {
    let posted: unknown;
    mockRoutes({
      ...productPageReads,
      [`GET ${reviewsPath}`]: { body: reviewPage },
      [`GET ${reviewsPath}/mine`]: { body: { eligible: true, review: null, hidden: false } },
      [`POST ${reviewsPath}`]: (body) => {
        posted = body;
        return { status: 201, body: review(9, { rating: 4, body: 'Sharp and sturdy.' }) };
      },
    });
    renderToolPage(signedIn());
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Your review' }), 'Sharp and sturdy.');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(form).findByText('Thank you: your review is saved.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(posted).toEqual({ rating: 4, body: 'Sharp and sturdy.' });
  });

  it('shows the API’s refusal in the form’s status line', async () => {
    mockRoutes({
      ...productPageReads,
      [`GET ${reviewsPath}`]: { body: reviewPage },
      [`GET ${reviewsPath}/mine`]: { body: { eligible: true, review: review(7), hidden: false } },
      [`POST ${reviewsPath}`]: {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Only customers who bought this tool can review it.' } },
      },
    });
    renderToolPage(signedIn());
    const form = await screen.findByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Update review' }));
    const refusal = await within(form).findByText('Only customers who bought this tool can review it.');
    expect(refusal).toHaveAttribute('role', 'status');
  });
});
