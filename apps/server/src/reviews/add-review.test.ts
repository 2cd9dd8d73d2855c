import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@toolshop/shared/api-error';
import { reviewListSchema, reviewSchema, type Review } from '@toolshop/shared/review';
import { seedReviews } from '../db/seed-data';
import { injectAs, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp, type TestContext } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const GOOD_CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

const postReview = (t: TestContext, account: TestAccount | null, payload: unknown) =>
  injectAs(t.app, account, {
    method: 'POST',
    url: '/api/review',
    payload: payload as Record<string, unknown>,
  });

async function listReviews(t: TestContext): Promise<Review[]> {
  const response = await t.app.inject({ url: '/api/review' });
  expect(response.statusCode).toBe(200);
  return reviewListSchema.parse(response.json());
}

async function addedReview(t: TestContext, account: TestAccount, payload: Record<string, unknown> = {}) {
  const response = await postReview(t, account, { ratings: 4, description: 'Solid tools.', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return reviewSchema.parse(response.json());
}

async function placeOrder(t: TestContext, account: TestAccount): Promise<string> {
  const tool = await createTool(t.db, { priceCents: 1500 });
  const response = await injectAs(t.app, account, {
    method: 'POST',
    url: '/api/order',
    payload: { toolId: tool.id, quantity: 1, address: '9 Mill Lane, Kilkenny' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
}

async function payOrder(t: TestContext, account: TestAccount, orderId: string) {
  const response = await injectAs(t.app, account, {
    method: 'POST',
    url: `/api/payment/${orderId}/demo`,
    payload: GOOD_CARD,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe('paid');
}

async function cancelOrder(t: TestContext, account: TestAccount, orderId: string) {
  const response = await injectAs(t.app, account, { method: 'DELETE', url: `/api/order/${orderId}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ deletedCount: 1 });
}

const verifiedOf = async (t: TestContext, reviewId: string) =>
  (await listReviews(t)).find((review) => review._id === reviewId)?.verifiedBuyer;

describe('on a shop without seeded reviews', () => {
  const t = useTestApp({ seed: false });

  let customer: TestAccount;
  let unpaidBuyer: TestAccount;
  let payingBuyer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    customer = await signUp(t.app);
    unpaidBuyer = await signUp(t.app);
    payingBuyer = await signUp(t.app);
    admin = await signUpAdmin(t.app);
  });
  // A fresh customer for each test: one account may post only MAX_REVIEWS_PER_DAY reviews a day.
  beforeEach(async () => {
    customer = await signUp(t.app);
  });

  describe('POST /api/review', () => {
    it('adds a review by the signed-in customer: 201 with exactly the SPEC fields, listed first', async () => {
      const response = await postReview(t, customer, {
        ratings: 5,
        description: 'The iFixit-style driver kit is excellent.',
      });

      expect(response.statusCode, response.body).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual([
        '_id',
        'description',
        'name',
        'ratings',
        'verifiedBuyer',
      ]);
      const created = reviewSchema.parse(response.json());
      expect(created).toEqual({
        _id: expect.any(String),
        name: customer.name,
        ratings: 5,
        description: 'The iFixit-style driver kit is excellent.',
        verifiedBuyer: false,
      });
      expect((await listReviews(t))[0]).toEqual(created);
    });

    it('lists the newest review first', async () => {
      const older = await addedReview(t, customer, { description: 'First impressions.' });
      const newer = await addedReview(t, customer, { description: 'A month later.' });

      const ids = (await listReviews(t)).map((review) => review._id);

      expect(ids.slice(0, 2)).toEqual([newer._id, older._id]);
    });

    it('records the account’s own name whatever name the body gives', async () => {
      const response = await postReview(t, customer, {
        name: 'Someone Else',
        ratings: 1,
        description: 'Pretending to be another customer.',
      });

      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().name).toBe(customer.name);
      const listed = (await listReviews(t)).find((review) => review._id === response.json()._id);
      expect(listed?.name).toBe(customer.name);
      expect((await listReviews(t)).map((review) => review.name)).not.toContain('Someone Else');
    });

    it('accepts the body’s name when it is the account’s own, as the prefilled form sends it', async () => {
      const review = await addedReview(t, customer, { name: customer.name });

      expect(review.name).toBe(customer.name);
    });

    it.each([1, 5])('accepts a rating of %s', async (ratings) => {
      const review = await addedReview(t, customer, { ratings });

      expect(review.ratings).toBe(ratings);
      expect((await listReviews(t))[0]).toMatchObject({ _id: review._id, ratings });
    });

    it('accepts a 1000-character description', async () => {
      const description = 'g'.repeat(1000);

      const review = await addedReview(t, customer, { description });

      expect(review.description).toBe(description);
    });

    it('stores and returns markup verbatim, as JSON text', async () => {
      const description = '<img src=x onerror=alert(1)> <script>alert("x")</script> & "quotes"';

      const response = await postReview(t, customer, { ratings: 3, description });

      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().description).toBe(description);
      const list = await t.app.inject({ url: '/api/review' });
      expect(list.headers['content-type']).toContain('application/json');
      expect(reviewListSchema.parse(list.json())[0]).toMatchObject({
        _id: response.json()._id,
        description,
      });
    });

    it('answers 400 "Ratings are Required" on body.ratings when ratings are missing, adding nothing', async () => {
      const before = await listReviews(t);

      const response = await postReview(t, customer, { description: 'No stars given.' });

      expect(response.statusCode, response.body).toBe(400);
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_input');
      expect(error.fields?.['body.ratings']).toBe('Ratings are Required');
      expect(await listReviews(t)).toEqual(before);
    });

    it.each([
      ['missing', {}],
      ['blank', { description: '   ' }],
    ])(
      'answers 400 "description is Required" on body.description when it is %s, adding nothing',
      async (_label, change) => {
        const before = await listReviews(t);

        const response = await postReview(t, customer, { ratings: 4, ...change });

        expect(response.statusCode, response.body).toBe(400);
        const { error } = apiErrorSchema.parse(response.json());
        expect(error.code).toBe('invalid_input');
        expect(error.fields?.['body.description']).toBe('description is Required');
        expect(await listReviews(t)).toEqual(before);
      },
    );

    it.each([
      ['a rating of 0', 'ratings', { ratings: 0 }],
      ['a rating of 6', 'ratings', { ratings: 6 }],
      ['a negative rating', 'ratings', { ratings: -1 }],
      ['a fractional rating', 'ratings', { ratings: 4.5 }],
      ['a rating sent as text', 'ratings', { ratings: '5' }],
      ['a rating of null', 'ratings', { ratings: null }],
      ['a 1001-character description', 'description', { description: 'd'.repeat(1001) }],
      ['a description that is not text', 'description', { description: 12345 }],
    ])('refuses %s with 400 on body.%s, adding nothing', async (_label, field, change) => {
      const before = await listReviews(t);

      const response = await postReview(t, customer, { ratings: 4, description: 'Fine.', ...change });

      expect(response.statusCode, response.body).toBe(400);
      const { error } = apiErrorSchema.parse(response.json());
      expect(error.code).toBe('invalid_input');
      expect(error.fields).toHaveProperty(`body.${field}`);
      expect(await listReviews(t)).toEqual(before);
    });

    it.each([
      ['no body at all', ''],
      ['JSON null', 'null'],
      ['a JSON array', '[{"ratings":5,"description":"x"}]'],
      ['malformed JSON', '{"ratings":5,'],
    ])('answers 400 JSON, never 500, to %s', async (_label, payload) => {
      const before = await listReviews(t);

      const response = await injectAs(t.app, customer, {
        method: 'POST',
        url: '/api/review',
        headers: { 'content-type': 'application/json' },
        payload,
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(apiErrorSchema.safeParse(response.json()).success).toBe(true);
      expect(await listReviews(t)).toEqual(before);
    });

    it('answers 401 to a visitor, adding nothing', async () => {
      const before = await listReviews(t);

      const response = await postReview(t, null, { name: 'Anon', ratings: 5, description: 'Drive-by.' });

      expect(response.statusCode).toBe(401);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('unauthorized');
      expect(await listReviews(t)).toEqual(before);
    });

    it('answers 403 to an admin, adding nothing', async () => {
      const before = await listReviews(t);

      const response = await postReview(t, admin, { ratings: 5, description: 'We are the best.' });

      expect(response.statusCode).toBe(403);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('forbidden');
      expect(await listReviews(t)).toEqual(before);
    });
  });

  describe('verifiedBuyer', () => {
    it('is false for a customer without orders', async () => {
      const review = await addedReview(t, customer);

      expect(review.verifiedBuyer).toBe(false);
      expect(await verifiedOf(t, review._id)).toBe(false);
    });

    it('is false for a customer whose orders are only unpaid or cancelled', async () => {
      await placeOrder(t, unpaidBuyer);
      const cancelled = await placeOrder(t, unpaidBuyer);
      await cancelOrder(t, unpaidBuyer, cancelled);

      const review = await addedReview(t, unpaidBuyer);

      expect(review.verifiedBuyer).toBe(false);
      expect(await verifiedOf(t, review._id)).toBe(false);
    });

    it('becomes true once the customer pays an order, and then for their earlier reviews too', async () => {
      const earlier = await addedReview(t, payingBuyer, { description: 'Before buying anything.' });
      const orderId = await placeOrder(t, payingBuyer);
      const whileUnpaid = await addedReview(t, payingBuyer, { description: 'Ordered, not paid yet.' });
      expect(earlier.verifiedBuyer).toBe(false);
      expect(whileUnpaid.verifiedBuyer).toBe(false);
      expect(await verifiedOf(t, earlier._id)).toBe(false);

      await payOrder(t, payingBuyer, orderId);

      const later = await addedReview(t, payingBuyer, { description: 'After paying.' });
      expect(later.verifiedBuyer).toBe(true);
      expect(await verifiedOf(t, earlier._id)).toBe(true);
      expect(await verifiedOf(t, whileUnpaid._id)).toBe(true);
      expect(await verifiedOf(t, later._id)).toBe(true);
    });

    it('stays false for other customers when someone else has paid', async () => {
      const before = await addedReview(t, customer, { description: 'Never bought here.' });
      const orderId = await placeOrder(t, payingBuyer);
      await payOrder(t, payingBuyer, orderId);

      const after = await addedReview(t, customer, { description: 'Still never bought here.' });
      const unpaid = await addedReview(t, unpaidBuyer, { description: 'Ordered but never paid.' });

      expect(after.verifiedBuyer).toBe(false);
      expect(unpaid.verifiedBuyer).toBe(false);
      const listed = await listReviews(t);
      const flagsOf = (account: TestAccount) =>
        listed.filter((review) => review.name === account.name).map((review) => review.verifiedBuyer);
      expect(listed.find((review) => review._id === before._id)?.verifiedBuyer).toBe(false);
      expect(flagsOf(customer).length).toBeGreaterThan(0);
      expect(flagsOf(customer).every((flag) => !flag)).toBe(true);
      expect(flagsOf(unpaidBuyer).every((flag) => !flag)).toBe(true);
      expect(flagsOf(payingBuyer).every((flag) => flag)).toBe(true);
    });

    it('stays true after the paid order is delivered', async () => {
      const review = await addedReview(t, payingBuyer);
      const orderId = await placeOrder(t, payingBuyer);
      await payOrder(t, payingBuyer, orderId);

      const delivery = await injectAs(t.app, admin, {
        method: 'PATCH',
        url: `/api/order/${orderId}/delivery`,
      });

      expect(delivery.statusCode, delivery.body).toBe(200);
      expect(await verifiedOf(t, review._id)).toBe(true);
    });
  });

  describe('OpenAPI document', () => {
    it('lists POST /review with its request body schema', async () => {
      const response = await t.app.inject({ url: '/api/docs/json' });

      expect(response.statusCode).toBe(200);
      const operation = response.json().paths['/review'].post;
      expect(operation).toBeDefined();
      const schema = operation.requestBody.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual(['description', 'name', 'ratings']);
      expect([...schema.required].sort()).toEqual(['description', 'ratings']);
      expect(schema.properties.ratings).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    });
  });
});

describe('on a shop seeded with demo reviews', () => {
  const t = useTestApp();

  it('shows the seeded demo reviews as not verified', async () => {
    const reviews = await listReviews(t);

    expect(reviews).toHaveLength(seedReviews.length);
    expect(reviews.map((review) => review.verifiedBuyer)).toEqual(seedReviews.map(() => false));
  });

  it('puts a new review before the demo ones', async () => {
    const buyer = await signUp(t.app);

    const review = await addedReview(t, buyer, { ratings: 5, description: 'First from a real customer.' });

    const reviews = await listReviews(t);
    expect(reviews[0]).toEqual(review);
    expect(reviews.slice(1).map((r) => r.name)).toEqual(seedReviews.map((r) => r.name).reverse());
  });

  it('keeps the demo reviews not verified once a customer has paid an order', async () => {
    const buyer = await signUp(t.app);
    const orderId = await placeOrder(t, buyer);
    await payOrder(t, buyer, orderId);

    const review = await addedReview(t, buyer, { ratings: 5, description: 'Bought and paid.' });

    expect(review).toMatchObject({ name: buyer.name, verifiedBuyer: true });
    const demo = (await listReviews(t)).filter((r) => seedReviews.some((seeded) => seeded.name === r.name));
    expect(demo).toHaveLength(seedReviews.length);
    expect(demo.map((r) => r.verifiedBuyer)).toEqual(seedReviews.map(() => false));
  });
});
