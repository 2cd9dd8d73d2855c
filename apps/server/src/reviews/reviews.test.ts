import { describe, expect, it } from 'vitest';
import { reviewListSchema } from '@toolshop/shared/review';
import { seedReviews } from '../db/seed-data';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp();

describe('GET /api/review', () => {
  it('lists every review newest first with the SPEC field names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/review' });

    expect(response.statusCode).toBe(200);
    const reviews = reviewListSchema.parse(response.json());
    expect(reviews.map((review) => review.name)).toEqual(seedReviews.map((review) => review.name).reverse());
    expect(Object.keys(reviews[0]!).sort()).toEqual([
      '_id',
      'description',
      'name',
      'ratings',
      'verifiedBuyer',
    ]);
  });
});
