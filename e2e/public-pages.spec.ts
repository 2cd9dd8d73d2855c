import { seedReviews, seedTools } from '../apps/server/src/db/seed-data';
import { newAccount, signUpViaApi } from './accounts-fixtures';
import { expect, test } from './fixtures';

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the hero headline, banner and navbar', async ({ page }) => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Here Common Tools Useful for Working With Computers' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: /laptop opened on a workbench/ })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['HOME', 'BLOGS', 'MY PORTFOLIO', 'LOG IN']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'DASHBOARD' })).toHaveCount(0);
  });

  test('shows the first six tools as cards with price, quantities, description and purchase button', async ({
    page,
  }) => {
    const tools = page.getByRole('region', { name: 'Tools' }).getByRole('article');
    await expect(tools).toHaveCount(6);
    for (const [index, seed] of seedTools.slice(0, 6).entries()) {
      const card = tools.nth(index);
      await expect(card.getByRole('heading', { name: seed.name })).toBeVisible();
      await expect(card.getByRole('img', { name: seed.name })).toBeVisible();
      await expect(card).toContainText(`$${(seed.priceCents / 100).toFixed(2)} per unit`);
      await expect(card).toContainText(`Available quantity${seed.availableQuantity.toLocaleString('en-US')}`);
      await expect(card).toContainText(`Minimum order${seed.minimumOrder.toLocaleString('en-US')}`);
      await expect(card).toContainText(seed.description);
      await expect(card.getByRole('link', { name: `Purchase ${seed.name}` })).toBeVisible();
    }
    await expect(page.getByText(seedTools[6]!.name)).toHaveCount(0);
  });

  test('the purchase button leads to /purchase/{id}, through sign-in for a visitor', async ({
    page,
    baseURL,
  }) => {
    const first = seedTools[0]!;
    await page.getByRole('link', { name: `Purchase ${first.name}` }).click();
    await expect(page).toHaveURL(/\/login(\?|$)/);

    const account = newAccount();
    await signUpViaApi(page.request, baseURL!, account);
    await page.goto('/');
    await page.getByRole('link', { name: `Purchase ${first.name}` }).click();

    await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test('counts the business summary up to its figures', async ({ page }) => {
    const summary = page.getByRole('region', { name: 'Business Summary' });
    await summary.scrollIntoViewIfNeeded();
    for (const [label, figure] of [
      ['Happy Clients', '100k+'],
      ['Page Views', '20M+'],
      ['Clients Satisfaction', '100%'],
    ]) {
      const item = summary.getByRole('listitem').filter({ hasText: label! });
      await expect(item.locator('[aria-hidden="true"]', { hasText: /\d/ })).toHaveText(figure!);
    }
  });

  test('shows the newest reviews with name, stars and text', async ({ page }) => {
    const reviews = page.getByRole('region', { name: 'Reviews' }).getByRole('listitem');
    await expect(reviews).toHaveCount(6);
    const newest = seedReviews.at(-1)!;
    await expect(reviews.first()).toContainText(newest.name);
    await expect(reviews.first()).toContainText(newest.description);
    await expect(
      reviews.first().getByRole('img', { name: `Rated ${newest.ratings} out of 5` }),
    ).toBeVisible();
  });

  test('opens and closes each FAQ entry', async ({ page }) => {
    const faq = page.getByRole('region', { name: 'FAQ' });
    for (const question of ['Why Us?', 'Our Products and policy']) {
      const toggle = faq.getByRole('button', { name: question });
      const answer = faq.getByRole('region', { name: question });
      await expect(answer).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(answer).toBeVisible();
      await toggle.click();
      await expect(answer).toBeHidden();
    }
  });

  test('the contact form confirms with a toast and sends nothing', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') requests.push(`${request.method()} ${request.url()}`);
    });
    const contact = page.getByRole('region', { name: 'Contact Us' });

    await contact.getByRole('button', { name: 'Send' }).click();
    await expect(contact.getByText('Email is Required')).toBeVisible();
    await expect(page.getByText('we will contact with you soon')).toHaveCount(0);

    await contact.getByLabel('First name').fill('Ada');
    await contact.getByLabel('Last name').fill('Lovelace');
    await contact.getByLabel('Email').fill('ada@example.com');
    await contact.getByLabel('Message').fill('Do you ship to Ireland?');
    await contact.getByRole('button', { name: 'Send' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'we will contact with you soon' })).toBeVisible();
    await expect(contact.getByLabel('First name')).toHaveValue('');
    expect(requests).toEqual([]);
  });

  test('the footer carries the copyright', async ({ page }) => {
    await expect(page.getByRole('contentinfo')).toContainText(
      `Copyright © 2022–${new Date().getFullYear()} Toolshop`,
    );
  });
});

test('the navbar reaches every public page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'BLOGS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();

  await nav.getByRole('link', { name: 'MY PORTFOLIO' }).click();
  await expect(page.getByText('Junior Web Developer', { exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'HOME' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Here Common Tools Useful for Working With Computers',
  );
});

test('blogs shows six bordered question-and-answer cards', async ({ page }) => {
  await page.goto('/blogs');

  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(6);
  for (const topic of [/React app/i, /state/i, /prototyp/i, /set(ter)?/i, /find|filter/i, /unit test/i]) {
    await expect(posts.getByRole('heading', { name: topic }).first()).toBeVisible();
  }
});

test('portfolio shows the owner, education, skills and projects', async ({ page }) => {
  await page.goto('/portfolio');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Junior Web Developer', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('img', { name: /^Portrait of/ })).toBeVisible();

  const education = page.getByRole('region', { name: 'Education' });
  await expect(education.getByRole('listitem')).toHaveCount(3);
  await expect(education).toContainText(/Passing year: \d{4}/);

  const skills = page.getByRole('region', { name: 'Technologies & Skills' });
  for (const group of ['Front-end', 'Back-end', 'CMS', 'Programming languages', 'Office tools']) {
    await expect(skills.getByRole('heading', { name: group })).toBeVisible();
  }

  const projects = page.getByRole('region', { name: 'Some of my project' });
  await expect(projects.getByRole('link')).toHaveCount(3);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('img', { name: /page not found/i })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a purchase page for an unknown tool shows the not-found page', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);
  await page.goto('/purchase/00000000-0000-4000-8000-000000000000');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
