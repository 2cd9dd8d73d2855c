import { beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE } from '@toolshop/shared/cart';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Which renderings a visitor gets, told apart by their ETag: every rendering carries a nonce of its own
// (decision 035), so two answers with one tag are one rendering, kept, and a new tag is a new rendering.
const t = useTestApp({ webApp: true });
let customer: TestAccount;

beforeAll(async () => {
  customer = await signUp(t.app);
});

async function rendering(url: string) {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return { etag: String(response.headers.etag), body: response.body };
}
const etagOf = async (url: string) => (await rendering(url)).etag;

describe('pages kept for anonymous visitors', () => {
  it("renders a cart holder's page for them alone: another visitor's is never theirs, theirs never kept", async () => {
    const anonymous = await etagOf('/blogs');
    const asCartHolder = () =>
      t.app.inject({ url: '/blogs', headers: { cookie: `${CART_COOKIE}=their-token` } });
    const first = await asCartHolder();
    const second = await asCartHolder();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(new Set([anonymous, first.headers.etag, second.headers.etag]).size).toBe(3);
    expect(await etagOf('/blogs')).toBe(anonymous);
  });

  it('serves one kept page for every address that differs only in what the page does not read', async () => {
    const home = await etagOf('/');
    for (const url of ['/?v=1', '/?v=2', '/?utm_source=news&utm_medium=mail', '/?fbclid=x1']) {
      expect(await etagOf(url), url).toBe(home);
    }

    const search = await etagOf('/tools?q=multimeter');
    for (const url of [
      '/tools?q=multimeter',
      '/tools?q=multimeter&utm_campaign=spring',
      '/tools?v=9&q=+multimeter+',
      '/tools?q=multimeter&sort=relevance&page=1',
    ]) {
      expect(await etagOf(url), url).toBe(search);
    }
    expect(await etagOf('/tools?q=multimeter&sort=price-asc')).not.toBe(search);

    const product = (await createTool(t.db)).id;
    expect(await etagOf(`/tools/${product}?ref=mail`)).toBe(await etagOf(`/tools/${product}`));
  });

  it('drops, on an order, the pages that show its tool, and no other', async () => {
    const ordered = await createTool(t.db, { onHand: 50, description: 'Ordered in this test.' });
    const other = await createTool(t.db, { onHand: 50, description: 'Left alone by this test.' });
    // Newer tools, which the other page shows as its related tools rather than the ordered one (decision 055).
    for (let n = 0; n < 4; n += 1) await createTool(t.db);
    const orderedPage = await etagOf(`/tools/${ordered.id}`);
    const otherPage = await etagOf(`/tools/${other.id}`);
    const listingWithIt = await etagOf('/tools');
    const listingWithout = await etagOf(`/tools?q=${encodeURIComponent('Left alone')}`);

    const order = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/order',
      payload: { toolId: ordered.id, quantity: 3, address: '9 Mill Lane, Kilkenny' },
    });
    expect(order.statusCode, order.body).toBe(201);

    const now = await rendering(`/tools/${ordered.id}`);
    expect(now.etag).not.toBe(orderedPage);
    expect(now.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('Available quantity 47');
    expect(await etagOf('/tools')).not.toBe(listingWithIt);
    expect(await etagOf(`/tools/${other.id}`)).toBe(otherPage);
    // Every listing shows the facet counts, which follow the stock (decision 055): it is drawn again.
    expect(await etagOf(`/tools?q=${encodeURIComponent('Left alone')}`)).not.toBe(listingWithout);
  });

  it('drops, on a review, the home page that shows reviews, and no product page', async () => {
    const product = (await createTool(t.db)).id;
    const productPage = await etagOf(`/tools/${product}`);
    const home = await etagOf('/');

    const review = await injectAs(t.app, customer, {
      method: 'POST',
      url: '/api/review',
      payload: { ratings: 5, description: 'Kept pages, dropped only where it shows.' },
    });
    expect(review.statusCode, review.body).toBe(201);

    const homeNow = await rendering('/');
    expect(homeNow.etag).not.toBe(home);
    expect(homeNow.body).toContain('Kept pages, dropped only where it shows.');
    expect(await etagOf(`/tools/${product}`)).toBe(productPage);
  });
});
