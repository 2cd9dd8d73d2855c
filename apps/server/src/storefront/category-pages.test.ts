import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';
import { cardNames, textOf } from '../test/page-text';

// Category pages and the catalogue's filters as a search engine or a visitor without JavaScript gets them
// (decision 055): raw HTTP on the real web build and the demo catalogue.
const PUBLIC_URL = 'https://shop.example';
const t = useTestApp({ webApp: true, env: { PUBLIC_URL } });

const page = (url: string) => t.app.inject({ url });

/** The names on the page's tool cards, in alphabetical order. */
const sortedCardNames = (html: string) => cardNames(html).sort();

/** The opening tag of the first `name` element holding `attribute`, whatever the order of its attributes. */
const tagWith = (html: string, name: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${name} [^>]*>`, 'g'))]
    .map(([tag]) => tag)
    .find((tag) => tag.includes(attribute)) ?? '';

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Record<string, unknown>,
  );

describe('a category page', () => {
  it('has its own title, description, canonical address and BreadcrumbList, and lists its tools', async () => {
    const response = await page('/tools/category/meters-and-testers');

    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Meters and testers · Toolshop</title>');
    expect(html).toMatch(
      /<meta name="description" content="Multimeters, USB-C power meters and cable testers/,
    );
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tools/category/meters-and-testers"/>`);
    expect(jsonLdOf(html)).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'All tools', item: `${PUBLIC_URL}/tools` },
        {
          '@type': 'ListItem',
          position: 3,
          name: 'Meters and testers',
          item: `${PUBLIC_URL}/tools/category/meters-and-testers`,
        },
      ],
    });
    expect(textOf(html)).toContain('Meters and testers');
    expect(sortedCardNames(html)).toEqual([
      'RJ45 / RJ11 Network Cable Tester',
      'True-RMS Auto-Ranging Digital Multimeter',
      'USB-C Power Meter & PD Tester',
    ]);
  });

  it('answers 404 with the not-found page for a category that does not exist', async () => {
    const response = await page('/tools/category/no-such-kind');
    expect(response.statusCode).toBe(404);
  });

  it('is in the sitemap, as every category is', async () => {
    // The index's one file: the demo catalogue is far below a file's bound (decision 056).
    const sitemap = (await page('/sitemap-1.xml')).body;
    for (const slug of ['opening-tools', 'meters-and-testers', 'cleaning-and-consumables']) {
      expect(sitemap).toContain(`<loc>${PUBLIC_URL}/tools/category/${slug}</loc>`);
    }
  });
});

describe('the catalogue’s filters without JavaScript', () => {
  it('renders what a GET of the filter form asks for, with each choice’s count', async () => {
    // What the form sends when a visitor picks "$10 to $25" and "In stock only" and presses Apply.
    const response = await page('/tools?q=&sort=price-asc&price=10-25&inStock=true');

    expect(response.statusCode).toBe(200);
    const html = response.body;
    const text = textOf(html);
    expect(text).toContain('Showing 1–5 of 5 tools');
    expect(sortedCardNames(html)).toEqual([
      '64-in-1 Precision Screwdriver Set',
      'ESD-Safe Precision Tweezers Set (5-Piece)',
      'Magnetic Project Mat',
      'RJ45 / RJ11 Network Cable Tester',
      'USB-C Power Meter & PD Tester',
    ]);
    // A GET form to /tools, its price range and stock filter checked as asked.
    const form = tagWith(html, 'form', 'id="catalogue-filters"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/tools"');
    expect(tagWith(html, 'input', 'value="10-25"')).toContain('checked=""');
    expect(tagWith(html, 'input', 'name="inStock"')).toContain('checked=""');
    expect(tagWith(html, 'input', 'value="10-25"')).toContain('form="catalogue-filters"');
    // The counts follow the other filters: categories within $10–25, prices of every range.
    expect(text).toMatch(/Meters and testers 2/);
    expect(text).toMatch(/Opening tools 0/);
    expect(text).toMatch(/Under \$10 4/);
    // Each category leads to its page, keeping the other filters.
    expect(html).toContain(
      'href="/tools/category/meters-and-testers?sort=price-asc&amp;inStock=true&amp;price=10-25"',
    );
    // The results are announced when they change.
    expect(html).toMatch(/<p role="status"[^>]*>Showing 1–5 of 5 tools<\/p>/);
  });

  it('keeps a category page’s filters on its own address', async () => {
    const response = await page('/tools/category/meters-and-testers?price=10-25');
    expect(response.statusCode).toBe(200);
    expect(sortedCardNames(response.body)).toEqual([
      'RJ45 / RJ11 Network Cable Tester',
      'USB-C Power Meter & PD Tester',
    ]);
    expect(tagWith(response.body, 'form', 'id="catalogue-filters"')).toContain(
      'action="/tools/category/meters-and-testers"',
    );
  });

  it('shows a product’s related tools below it, their images lazy', async () => {
    const tools = (await page('/api/tools')).json<{ _id: string; name: string }[]>();
    const multimeter = tools.find((tool) => tool.name.startsWith('True-RMS'))!;

    const html = (await page(`/tools/${multimeter._id}`)).body;

    const start = html.indexOf('id="related-tools"');
    const related = html.slice(start, html.indexOf('</section>', start));
    expect(textOf(related)).toContain('Related tools');
    expect(sortedCardNames(related)).toEqual([
      '60W Digital Soldering Station',
      '64-in-1 Precision Screwdriver Set',
      'RJ45 / RJ11 Network Cable Tester',
      'USB-C Power Meter & PD Tester',
    ]);
    const images = [...related.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(4);
    for (const image of images) expect(image).toContain('loading="lazy"');
    // The breadcrumbs lead to its category.
    expect(html).toContain('href="/tools/category/meters-and-testers"');
  });
});
