import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/** Every page a visitor reaches without an account, each with its head of previews and structured data. */
const PUBLIC_PAGES = [
  '/',
  '/tools',
  '/tools?q=multimeter&page=1',
  'a product page',
  '/blogs',
  '/portfolio',
  '/login',
  '/register',
  '/cart',
];
const urlOf = (name: string) => (name === 'a product page' ? `/tools/${tool._id}` : name);

describe('the public pages are valid HTML', () => {
  it.each(PUBLIC_PAGES)('%s', async (name) => {
    const { statusCode, body } = await t.app.inject({ url: urlOf(name) });
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

// The checker the npm package vnu-jar ships (its own entry would fetch a Java of its own: ours is Debian's).
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface NuMessage {
  type: string;
  subType?: string;
  message: string;
  url: string;
  extract?: string;
}

/**
 * The Nu HTML Checker's errors in each page (the W3C's own checker, vnu.jar run by Debian's Java), as
 * `page: message`. It exits 1 when it finds an error and prints its JSON report on stderr either way.
 */
async function nuErrors(pages: Record<string, string>): Promise<string[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'toolshop-nu-'));
  try {
    const files = await Promise.all(
      Object.entries(pages).map(async ([name, html], index) => {
        const file = path.join(folder, `${index}.html`);
        await writeFile(file, html);
        return [file, name] as const;
      }),
    );
    const names = new Map(files.map(([file, name]) => [`file:${file}`, name]));
    const stderr = await promisify(execFile)(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--filterpattern', 'CSS: .*', ...files.map(([file]) => file)],
      { maxBuffer: 16 * 1024 * 1024 },
    ).then(
      ({ stderr: report }) => report,
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    return messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => `${names.get(message.url) ?? message.url}: ${message.message}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('the Nu HTML Checker', () => {
  it('finds no error in any public page', async () => {
    const pages: Record<string, string> = {};
    for (const name of PUBLIC_PAGES) {
      const { statusCode, body } = await t.app.inject({ url: urlOf(name) });
      expect(statusCode).toBe(200);
      pages[name] = body;
    }

    expect(await nuErrors(pages)).toEqual([]);
  }, 120_000); // Java's start and the checker's schemas, then nine pages: under a minute on a busy machine
});

describe('search engines index only what is public', () => {
  it.each([
    ['a purchase page', () => `/purchase/${tool._id}`],
    ['the dashboard', () => '/dashboard'],
    ['a payment page', () => `/dashboard/payment/${tool._id}`],
    ['My Orders', () => '/dashboard/myOrders'],
  ])('marks %s noindex, with no canonical address', async (_what, url) => {
    // Signed out, the server sends the visitor to sign in (decision 061): no page to index.
    const signedOut = await injectAs(t.app, null, { url: url() });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toMatch(/^\/login\?redirectTo=/);

    const { statusCode, body } = await injectAs(t.app, customer, { url: url() });
    expect(statusCode).toBe(200);
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).not.toContain('rel="canonical"');
  });

  it('keeps the product page indexable and self-canonical', async () => {
    const { body } = await t.app.inject({ url: `/tools/${tool._id}` });

    expect(body).not.toContain('noindex');
    expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tools/${tool._id}"/>`);
  });
});
