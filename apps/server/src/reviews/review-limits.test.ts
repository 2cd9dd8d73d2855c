import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REVIEWS_PER_DAY } from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { MAX_PAGE_LIMIT } from '@toolshop/shared/paging';
import { reviewListSchema, reviewPageSchema, reviewSchema } from '@toolshop/shared/review';
import { reviews, user } from '../db/schema';
import { injectAs, signUp, signUpCast, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

/** More reviews than one unpaged answer may hold. */
const OLD_REVIEWS = MAX_PAGE_LIMIT + 20;

let customer: TestAccount;
let admin: TestAccount;
beforeAll(async () => {
  ({ customer, admin } = await signUpCast(t.app));
  // Written before anything reads the list, from long ago, so they count towards nobody's daily limit.
  await t.db.insert(reviews).values(
    Array.from({ length: OLD_REVIEWS }, (_, i) => ({
      name: `Old reviewer ${i}`,
      ratings: 4,
      description: `Review number ${i}.`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    })),
  );
});

const post = (account: TestAccount | null, description = 'Sharp and sturdy.') =>
  injectAs(t.app, account, { method: 'POST', url: '/api/review', payload: { ratings: 5, description } });
const remove = (account: TestAccount | null, id: string) =>
  injectAs(t.app, account, { method: 'DELETE', url: `/api/review/${id}` });
const totalReviews = async () =>
  reviewPageSchema.parse((await t.app.inject({ url: '/api/review?limit=1' })).json()).total;

describe('GET /api/review', () => {
  it('answers SPEC’s plain array of the newest 100 without parameters, and pages with them', async () => {
    const plain = await t.app.inject({ url: '/api/review' });
    expect(plain.statusCode).toBe(200);
    const newest = reviewListSchema.parse(plain.json());
    expect(newest).toHaveLength(MAX_PAGE_LIMIT);
    expect(newest[0]!.name).toBe(`Old reviewer ${OLD_REVIEWS - 1}`);
    expect(newest.at(-1)!.name).toBe(`Old reviewer ${OLD_REVIEWS - MAX_PAGE_LIMIT}`);

    const first = reviewPageSchema.parse((await t.app.inject({ url: '/api/review?page=1&limit=6' })).json());
    expect(first).toMatchObject({ total: OLD_REVIEWS, page: 1, limit: 6 });
    expect(first.items).toEqual(newest.slice(0, 6));
    const last = reviewPageSchema.parse((await t.app.inject({ url: '/api/review?page=3&limit=50' })).json());
    expect(last).toMatchObject({ total: OLD_REVIEWS, page: 3, limit: 50 });
    expect(last.items.map((review) => review.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Old reviewer ${19 - i}`),
    );
    const onlyPage = reviewPageSchema.parse((await t.app.inject({ url: '/api/review?page=2' })).json());
    expect(onlyPage).toMatchObject({ total: OLD_REVIEWS, page: 2, limit: 20 });

    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=two']) {
      const bad = await t.app.inject({ url: `/api/review?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code).toBeTruthy();
    }
  });
});

describe('POST /api/review, per day', () => {
  it(`takes ${MAX_REVIEWS_PER_DAY} reviews a day from one customer, then answers 429 and adds nothing`, async () => {
    const writer = await signUp(t.app);
    for (let i = 0; i < MAX_REVIEWS_PER_DAY; i += 1) {
      const response = await post(writer, `Review ${i} of the day.`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const before = await totalReviews();

    const refused = await post(writer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'too_many_reviews',
      message: apiMessages.tooManyReviews(MAX_REVIEWS_PER_DAY),
    });
    expect(await totalReviews()).toBe(before);
    // The limit is the customer's own: someone else may still write.
    expect((await post(customer)).statusCode).toBe(201);
  });

  it('counts only the last 24 hours', async () => {
    const writer = await signUp(t.app);
    for (let i = 0; i < MAX_REVIEWS_PER_DAY; i += 1) expect((await post(writer)).statusCode).toBe(201);
    expect((await post(writer)).statusCode).toBe(429);

    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, writer.email));
    await t.db
      .update(reviews)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(reviews.userId, account!.id));
    expect((await post(writer)).statusCode).toBe(201);
  });
});

describe('DELETE /api/review/:id', () => {
  it('lets only an admin remove a review: 401 anonymously, 403 to a customer, 200 then 404', async () => {
    const review = reviewSchema.parse((await post(customer, 'Spam spam spam.')).json());
    const before = await totalReviews();

    expect((await remove(null, review._id)).statusCode).toBe(401);
    expect((await remove(customer, review._id)).statusCode).toBe(403);
    expect(await totalReviews()).toBe(before);

    const removed = await remove(admin, review._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect(await totalReviews()).toBe(before - 1);
    const newest = reviewListSchema.parse((await t.app.inject({ url: '/api/review' })).json());
    expect(newest.map((listed) => listed._id)).not.toContain(review._id);

    const again = await remove(admin, review._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not_found');
    expect((await remove(admin, 'not-a-uuid')).statusCode).toBe(404);
  });
});
