import { openAdminPage, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';

test('an admin removes a review after confirming; it leaves the home page', async ({
  page,
  browser,
  baseURL,
}) => {
  const author = await signUpViaApi(page.request, baseURL!);
  const text = `Spam review ${Date.now().toString(36)}`;
  const posted = await page.request.post('/api/review', {
    headers: { origin: baseURL! },
    data: { ratings: 1, description: text },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  await page.goto('/');
  await expect(page.getByText(`“${text}”`)).toBeVisible();

  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard');
  await admin.getByRole('link', { name: 'Manage Reviews' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/manageReviews$/);
  const row = admin.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: `Remove ${author.name}'s review` }).click();
  await admin
    .getByRole('dialog', { name: `Remove ${author.name}'s review?` })
    .getByRole('button', { name: 'Remove', exact: true })
    .click();
  await expect(admin.getByText(`${author.name}'s review removed.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.context().close();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`“${text}”`)).toHaveCount(0);
});
