import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { injectAs, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// What a validator and a crawler get: the server-rendered HTML of the real web build, over raw HTTP.
const PUBLIC_URL = 'https://shop.example';
const t = useTestApp({ webApp: true, env: { PUBLIC_URL } });

let customer: TestAccount;
let tool: Tool;
beforeAll(async () => {
  customer = await signUp(t.app);
  tool = (await t.app.inject({ url: '/api/tools' })).json<Tool[]>()[0]!;
});

// The HTML standard's rules (html-validate:standard) and a whole document's (doctype, one <title>…).
const validator = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:document'] });

describe('the public pages are valid HTML', () => {
  it.each(['/', '/tools', 'a product page'])('%s', async (name) => {
    const url = name === 'a product page' ? `/tools/${tool._id}` : name;
    const { statusCode, body } = await t.app.inject({ url });
    expect(statusCode).toBe(200);

    const report = await validator.validateString(body);

    const errors = report.results.flatMap((result) =>
      result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector})`),
    );
    expect(errors).toEqual([]);
    // An image (and the preload React derives from it) names its sizes only along with its srcset.
    for (const [img] of body.matchAll(/<img [^>]*\bsizes=[^>]*>/g)) expect(img).toContain('srcSet=');
    for (const [link] of body.matchAll(/<link [^>]*imageSizes=[^>]*>/gi))
      expect(link).toMatch(/imageSrcSet=/i);
  });
});

describe('search engines index only what is public', () => {
  it.each([
    ['a purchase page', () => `/purchase/${tool._id}`],
    ['the dashboard', () => '/dashboard'],
    ['a payment page', () => `/dashboard/payment/${tool._id}`],
    ['My Orders', () => '/dashboard/myOrders'],
  ])('marks %s noindex, with no canonical address', async (_what, url) => {
    for (const account of [null, customer]) {
      const { statusCode, body } = await injectAs(t.app, account, { url: url() });

      expect(statusCode).toBe(200);
      expect(body).toContain('<meta name="robots" content="noindex"/>');
      expect(body).not.toContain('rel="canonical"');
    }
  });

  it('keeps the product page indexable and self-canonical', async () => {
    const { body } = await t.app.inject({ url: `/tools/${tool._id}` });

    expect(body).not.toContain('noindex');
    expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tools/${tool._id}"/>`);
  });
});
