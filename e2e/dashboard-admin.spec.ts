import { seedTools } from '../apps/server/src/db/seed-data';
import { newAccount, openAdminPage, signUpViaApi } from './accounts-fixtures';
import { expect, test } from './fixtures';

test('an admin makes another account admin, then revokes it after confirming', async ({
  page,
  browser,
  baseURL,
}) => {
  const colleague = await signUpViaApi(page.request, baseURL!, newAccount('colleague'));
  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard/makeAdmin');

  await admin.getByRole('button', { name: `Make Admin ${colleague.email}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Make Admin' }).click();
  await expect(admin.getByText('made Admin Successfully')).toBeVisible();

  await admin.getByRole('button', { name: `Revoke admin ${colleague.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Revoke admin for ${colleague.email}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke admin' }).click();
  await expect(admin.getByText(`${colleague.email} is no longer an admin`)).toBeVisible();
  await expect(admin.getByRole('button', { name: `Make Admin ${colleague.email}` })).toBeVisible();

  // The colleague's own dashboard no longer offers the admin screens.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage All Orders' })).toHaveCount(0);
  await admin.context().close();
});

test("an admin cancels a customer's unpaid order after confirming; its stock goes back on sale", async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await signUpViaApi(page.request, baseURL!, newAccount('cancelled'));
  const tools = (await (await page.request.get('/api/tools')).json()) as {
    _id: string;
    name: string;
    minimumOrder: number;
    availableQuantity: number;
  }[];
  // A seeded tool no other journey counts the stock of.
  const tool = tools.find((candidate) => candidate.name === seedTools[9]!.name)!;
  const placed = await page.request.post('/api/order', {
    headers: { origin: baseURL! },
    data: { toolId: tool._id, quantity: tool.minimumOrder, address: '12 Harbour Road, Cork' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard/manageOrders');
  const row = admin.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: `Cancel ${tool.name} for ${buyer.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Cancel ${buyer.name}'s order for ${tool.name}?` });
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Cancel ${tool.name} for ${buyer.name}` }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(admin.getByText(`${buyer.name}'s order for ${tool.name} cancelled.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.context().close();

  await page.goto('/dashboard/myOrders');
  await expect(page.getByText('You have 0 orders')).toBeVisible();
  const after = (await (await page.request.get(`/api/tools/${tool._id}`)).json()) as {
    availableQuantity: number;
  };
  expect(after.availableQuantity).toBe(tool.availableQuantity);
});
