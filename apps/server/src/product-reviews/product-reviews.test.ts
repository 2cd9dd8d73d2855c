import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@toolshop/shared/messages';
import {
  adminProductReviewPageSchema,
  myProductReviewSchema,
  productReviewPageSchema,
  type ProductReviewPage,
} from '@toolshop/shared/product-review';
import { toolPageSchema, type ToolPage } from '@toolshop/shared/tool-filters';
import { toolSchema } from '@toolshop/shared/tool';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp, type TestContext } from '../test/build-test-app';
import { createTool } from '../test/catalogue';
import { placePaidOrder } from '../test/orders';

const writeReview = (t: TestContext, account: TestAccount | null, toolId: string, payload: object) =>
  injectAs(t.app, account, { method: 'POST', url: `/api/tools/${toolId}/reviews`, payload });

async function reviewsOf(t: TestContext, toolId: string, query = ''): Promise<ProductReviewPage> {
  const response = await t.app.inject({ url: `/api/tools/${toolId}/reviews${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productReviewPageSchema.parse(response.json());
}

/** A customer with a paid order of the tool. */
async function buyer(t: TestContext, toolId: string): Promise<TestAccount> {
  const account = await signUp(t.app);
  await placePaidOrder(t.app, account, toolId);
  return account;
}

async function reviewed(
  t: TestContext,
  toolId: string,
  rating: number,
  body = `${rating} stars`,
  account?: TestAccount,
) {
  account ??= await buyer(t, toolId);
  const response = await writeReview(t, account, toolId, { rating, body });
  expect(response.statusCode, response.body).toBe(201);
  return { account, id: response.json()._id as string };
}

const hide = (t: TestContext, admin: TestAccount, reviewId: string, payload: object) =>
  injectAs(t.app, admin, { method: 'POST', url: `/api/product-reviews/${reviewId}/hide`, payload });

const vote = (t: TestContext, account: TestAccount, reviewId: string) =>
  injectAs(t.app, account, { method: 'POST', url: `/api/product-reviews/${reviewId}/helpful` });

describe('product reviews', () => {
  const t = useTestApp({ seed: false });
  let admin: TestAccount;
  beforeAll(async () => {
    admin = await signUpAdmin(t.app);
  });

  describe('who may review', () => {
    it('refuses a customer without a paid order of the tool (403), and one whose paid order is of another tool', async () => {
      const tool = await createTool(t.db);
      const other = await createTool(t.db);
      const stranger = await signUp(t.app);
      const otherBuyer = await buyer(t, other.id);
      for (const account of [stranger, otherBuyer]) {
        const response = await writeReview(t, account, tool.id, { rating: 5, body: 'Great.' });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.message).toBe(apiMessages.reviewNeedsPurchase);
      }
      expect((await reviewsOf(t, tool.id)).total).toBe(0);
      const mine = await injectAs(t.app, stranger, { url: `/api/tools/${tool.id}/reviews/mine` });
      expect(myProductReviewSchema.parse(mine.json())).toEqual({
        eligible: false,
        review: null,
        hidden: false,
      });
    });

    it('refuses an unpaid order: only paid, shipped or delivered orders count', async () => {
      const tool = await createTool(t.db);
      const customer = await signUp(t.app);
      const placed = await injectAs(t.app, customer, {
        method: 'POST',
        url: '/api/order',
        payload: { toolId: tool.id, quantity: 1, address: '1 Main St' },
      });
      expect(placed.statusCode).toBe(201);
      expect((await writeReview(t, customer, tool.id, { rating: 4, body: 'Not paid yet.' })).statusCode).toBe(
        403,
      );
    });

    it('asks for a session (401), a known tool (404) and a rating from 1 to 5 with some words (400)', async () => {
      const tool = await createTool(t.db);
      expect((await writeReview(t, null, tool.id, { rating: 5, body: 'x' })).statusCode).toBe(401);
      const customer = await buyer(t, tool.id);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await writeReview(t, customer, unknown, { rating: 5, body: 'x' })).statusCode).toBe(404);
      for (const payload of [
        { rating: 0, body: 'x' },
        { rating: 6, body: 'x' },
        { rating: 4, body: '  ' },
        {},
      ]) {
        const response = await writeReview(t, customer, tool.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.fields).toBeDefined();
      }
    });

    it('takes a buyer’s review as a verified purchase; a second one replaces it (200), with its votes', async () => {
      const tool = await createTool(t.db);
      const customer = await buyer(t, tool.id);
      const first = await writeReview(t, customer, tool.id, { rating: 2, body: 'Bent on day one.' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        rating: 2,
        body: 'Bent on day one.',
        verifiedPurchase: true,
        helpful: 0,
      });
      const reader = await signUp(t.app);
      expect((await vote(t, reader, first.json()._id)).json()).toEqual({ helpful: 1 });

      const second = await writeReview(t, customer, tool.id, { rating: 4, body: 'The spare was fine.' });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json()).toMatchObject({ _id: first.json()._id, rating: 4, helpful: 0 });
      const page = await reviewsOf(t, tool.id);
      expect(page.items.map((review) => [review.rating, review.body])).toEqual([[4, 'The spare was fine.']]);
      expect(page.rating).toMatchObject({ average: 4, count: 1 });
      // Their vote went with the old text: the reader may vote again.
      expect((await vote(t, reader, first.json()._id)).json()).toEqual({ helpful: 1 });
      const mine = await injectAs(t.app, customer, { url: `/api/tools/${tool.id}/reviews/mine` });
      expect(mine.json()).toMatchObject({
        eligible: true,
        hidden: false,
        review: { body: 'The spare was fine.' },
      });
    });
  });

  describe('what a product page shows', () => {
    it('the average, the count and the five bars of the histogram, 5 stars first', async () => {
      const tool = await createTool(t.db);
      await Promise.all([5, 5, 4, 2].map((rating) => reviewed(t, tool.id, rating)));
      const { rating } = await reviewsOf(t, tool.id);
      expect(rating).toEqual({
        average: 4,
        count: 4,
        histogram: [
          { stars: 5, count: 2 },
          { stars: 4, count: 1 },
          { stars: 3, count: 0 },
          { stars: 2, count: 1 },
          { stars: 1, count: 0 },
        ],
      });
      const other = await createTool(t.db);
      expect((await reviewsOf(t, other.id)).rating).toMatchObject({ average: null, count: 0 });
    });

    it('pages newest first, or most helpful first; a vote counts once per customer, never the author’s own', async () => {
      const tool = await createTool(t.db);
      // Buyers made side by side (signing up is the slow part), their reviews written one after another.
      const ratings = [1, 2, 3, 4, 5, 3, 4];
      const buyers = await Promise.all(ratings.map(() => buyer(t, tool.id)));
      const written = [];
      for (const [i, rating] of ratings.entries()) {
        written.push(await reviewed(t, tool.id, rating, `${rating} stars`, buyers[i]));
      }
      const newest = await reviewsOf(t, tool.id, '?limit=3');
      expect(newest.total).toBe(7);
      expect(newest.items.map((review) => review._id)).toEqual(
        written
          .slice(-3)
          .reverse()
          .map((w) => w.id),
      );
      const third = await reviewsOf(t, tool.id, '?limit=3&page=3');
      expect(third.items.map((review) => review._id)).toEqual([written[0]!.id]);

      const readers = await Promise.all([signUp(t.app), signUp(t.app)]);
      for (const reader of readers) expect((await vote(t, reader, written[1]!.id)).statusCode).toBe(200);
      expect((await vote(t, readers[0]!, written[1]!.id)).json()).toEqual({ helpful: 2 });
      expect((await vote(t, readers[0]!, written[4]!.id)).json()).toEqual({ helpful: 1 });
      const own = await vote(t, written[2]!.account, written[2]!.id);
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(apiMessages.ownReviewVote);

      const helpful = await reviewsOf(t, tool.id, '?sort=helpful&limit=3');
      expect(helpful.items.map((review) => [review._id, review.helpful])).toEqual([
        [written[1]!.id, 2],
        [written[4]!.id, 1],
        [written[6]!.id, 0],
      ]);
      expect((await t.app.inject({ url: `/api/tools/${tool.id}/reviews?sort=best` })).statusCode).toBe(400);
    });

    it('cards show the rating, and /tools sorts by it, best first and unrated last', async () => {
      const good = await createTool(t.db, { name: 'Rated sort: good' });
      const fair = await createTool(t.db, { name: 'Rated sort: fair' });
      const unrated = await createTool(t.db, { name: 'Rated sort: unrated' });
      // Read before the reviews: the cached answers must follow them.
      const before = await t.app.inject({ url: `/api/tools/${good.id}` });
      expect(toolSchema.parse(before.json()).rating).toEqual({ average: null, count: 0 });
      await Promise.all([reviewed(t, fair.id, 3), reviewed(t, good.id, 5), reviewed(t, good.id, 4)]);
      const card = toolSchema.parse((await t.app.inject({ url: `/api/tools/${good.id}` })).json());
      expect(card.rating).toEqual({ average: 4.5, count: 2 });
      const sorted = await t.app.inject({ url: '/api/tools?q=Rated%20sort&sort=rating-desc' });
      const page: ToolPage = toolPageSchema.parse(sorted.json());
      expect(page.items.map((tool) => tool._id)).toEqual([good.id, fair.id, unrated.id]);
    });
  });

  describe('hiding a review', () => {
    it('an admin hides it with a reason: it leaves the page and the average, and the activity log says why', async () => {
      const tool = await createTool(t.db);
      await reviewed(t, tool.id, 5);
      const spam = await reviewed(t, tool.id, 1, 'Buy cheap watches at example.com');
      expect((await reviewsOf(t, tool.id)).rating).toMatchObject({ average: 3, count: 2 });

      expect((await hide(t, admin, spam.id, { reason: ' ' })).statusCode).toBe(400);
      expect((await hide(t, spam.account, spam.id, { reason: 'Spam' })).statusCode).toBe(403);
      const hidden = await hide(t, admin, spam.id, { reason: 'Spam: a link to another shop' });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json().hidden).toMatchObject({ reason: 'Spam: a link to another shop' });
      expect((await hide(t, admin, spam.id, { reason: 'Again' })).statusCode).toBe(409);

      const page = await reviewsOf(t, tool.id);
      expect(page.items.map((review) => review._id)).not.toContain(spam.id);
      expect(page.rating).toMatchObject({ average: 5, count: 1 });
      expect(toolSchema.parse((await t.app.inject({ url: `/api/tools/${tool.id}` })).json()).rating).toEqual({
        average: 5,
        count: 1,
      });
      // Editing it does not bring it back.
      await writeReview(t, spam.account, tool.id, { rating: 1, body: 'Still spam' });
      expect((await reviewsOf(t, tool.id)).rating.count).toBe(1);
      expect((await vote(t, admin, spam.id)).statusCode).toBe(404);

      const log = await injectAs(t.app, admin, { url: '/api/admin/activity?kind=product-review.hidden' });
      expect(log.statusCode, log.body).toBe(200);
      const entry = log.json().items.find((item: { subject: { id: string } }) => item.subject.id === spam.id);
      expect(entry).toMatchObject({
        kind: 'product-review.hidden',
        actor: { email: admin.email },
        subject: { type: 'product-review' },
        details: { reason: 'Spam: a link to another shop', rating: 1 },
      });

      const listed = adminProductReviewPageSchema.parse(
        (await injectAs(t.app, admin, { url: '/api/admin/product-reviews?limit=100' })).json(),
      );
      expect(listed.items.find((review) => review._id === spam.id)?.hidden?.reason).toBe(
        'Spam: a link to another shop',
      );
    });
  });
});
