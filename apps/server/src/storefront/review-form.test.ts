import { describe, expect, it } from 'vitest';
import { paths } from '@toolshop/shared/paths';
import { ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { postPageForm } from '../test/page-forms';
import { textOf } from '../test/page-text';

// SPEC's Add A Review as a browser sends it before the page's scripts have run (decision 074): a
// urlencoded POST of the page itself, answered by its route action, which posts the review through the API
// as the customer.
const t = useTestApp({ webApp: true, seed: false });

const postReview = (account: TestAccount | null, fields: Record<string, string>, origin = ORIGIN) =>
  postPageForm(t.app, paths.addReview, fields, { origin, cookie: account?.cookie });

/** The reviews the home page shows, newest first. */
const reviewsNow = async () =>
  (await t.app.inject({ url: '/api/review?page=1&limit=50' })).json<{
    items: { name: string; ratings: number; description: string }[];
  }>().items;

describe('Add A Review sent before the scripts run', () => {
  it('renders a form that posts to its page, with its button enabled before the scripts', async () => {
    const customer = await signUp(t.app);

    const page = await t.app.inject({ url: paths.addReview, headers: { cookie: customer.cookie } });

    const form = /<form[^>]* method="post"[^>]*>[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain('name="ratings"');
    // The account's name, as the review will be signed, before any script has run.
    expect(form).toMatch(
      new RegExp(
        `<input[^>]*value="${customer.name}"[^>]*name="name"|<input[^>]*name="name"[^>]*value="${customer.name}"`,
      ),
    );
    expect(form).toContain('name="description"');
    expect(form).toMatch(/<button type="submit"(?![^>]*disabled)[^>]*>[\s\S]*Add Review/);
  });

  it("posts the customer's stars and words under the account's name, then shows the home page", async () => {
    const customer = await signUp(t.app);

    const sent = await postReview(customer, {
      name: 'Someone else',
      ratings: '4',
      description: 'Sturdy drivers, quick delivery.',
    });

    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(paths.home);
    expect(await reviewsNow()).toContainEqual(
      expect.objectContaining({
        name: customer.name,
        ratings: 4,
        description: 'Sturdy drivers, quick delivery.',
      }),
    );
  });

  it('refuses a review without stars with the form’s words, keeping what was typed', async () => {
    const customer = await signUp(t.app);
    const before = (await reviewsNow()).length;

    const sent = await postReview(customer, { description: 'Forgot the stars.' });

    expect(sent.statusCode).toBe(400);
    expect(textOf(sent.body)).toContain('Ratings are Required');
    expect(sent.body).toMatch(/<textarea[^>]*>Forgot the stars.<\/textarea>/);
    expect(await reviewsNow()).toHaveLength(before);
  });

  it('keeps the stars chosen when the words are missing', async () => {
    const customer = await signUp(t.app);

    const sent = await postReview(customer, { ratings: '5', description: '  ' });

    expect(sent.statusCode).toBe(400);
    expect(textOf(sent.body)).toContain('description is Required');
    expect(sent.body).toMatch(/<input[^>]*value="5"[^>]*checked|<input[^>]*checked[^>]*value="5"/);
  });

  it('posts nothing for a visitor who is not signed in, or for a form another site sends', async () => {
    const customer = await signUp(t.app);
    const before = (await reviewsNow()).length;

    const signedOut = await postReview(null, { ratings: '1', description: 'Who am I?' });
    const forged = await postReview(
      customer,
      { ratings: '1', description: 'Forged from elsewhere.' },
      'https://elsewhere.example',
    );

    expect(signedOut.statusCode).toBeGreaterThanOrEqual(300);
    expect(signedOut.statusCode).toBeLessThan(500);
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect(await reviewsNow()).toHaveLength(before);
  });
});
