import type { Page } from '@playwright/test';
import { newAccount, openAdminPage, signUpViaApi } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { E2E_ADMIN } from '../support/e2e-settings';
import { waitForMail } from '../support/mailbox';

interface ToolJson {
  _id: string;
  name: string;
}

/** A fresh product, added through the API as the admin: no other journey counts its stock. */
async function addProduct(admin: Page, baseURL: string, name: string, units: number): Promise<ToolJson> {
  const response = await admin.request.post('/api/tools', {
    headers: { origin: baseURL },
    data: {
      name,
      price: 12.5,
      availableQuantity: units,
      minimumOrder: 5,
      description: 'Ten assorted ESD-safe tweezers for board-level repair.',
      img: '/images/tools/precision-screwdriver-set.svg',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ToolJson;
}

/** Parses RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

test('an admin changes a price and finds the change, with who and from where, in the activity log', async ({
  browser,
  baseURL,
}) => {
  const name = `ESD Tweezers ${Date.now().toString(36)}`;
  const admin = await openAdminPage(browser);
  await addProduct(admin, baseURL!, name, 200);

  await admin.goto('/dashboard/manageProduct');
  await admin.getByRole('search', { name: 'Find products' }).getByLabel('Search by name').fill(name);
  await admin.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = admin.getByRole('dialog');
  await editor.getByLabel('Price').fill('14');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Product updated')).toBeVisible();

  await admin.getByRole('link', { name: 'Activity Log' }).click();
  const entry = admin
    .getByRole('list', { name: 'Activity, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `Product edited: ${name}` });
  await expect(entry).toContainText(`by ${E2E_ADMIN.name} (${E2E_ADMIN.email})`);
  await expect(entry).toContainText('Price$12.50 → $14.00');
  await admin.context().close();
});

test('an admin filters the orders, opens one, and downloads exactly the filtered orders as CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await openAdminPage(browser);
  const tool = await addProduct(admin, baseURL!, `Flux Pen ${Date.now().toString(36)}`, 200);
  const buyer = await signUpViaApi(page.request, baseURL!, newAccount('csv'));
  for (const quantity of [5, 6]) {
    const placed = await page.request.post('/api/order', {
      headers: { origin: baseURL! },
      data: { toolId: tool._id, quantity, address: '3 Quay Street, "Unit 2", Galway' },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
  }

  await admin.goto('/dashboard/manageOrders');
  const find = admin.getByRole('search', { name: 'Find orders' });
  await find.getByLabel('Status').selectOption({ label: 'Unpaid' });
  await find.getByLabel('Customer name, e-mail or tool').fill(buyer.email);
  await find.getByRole('button', { name: 'Search' }).click();
  await expect(admin).toHaveURL(/status=unpaid/);
  await expect(admin.getByText('2 orders')).toBeVisible();
  const rows = admin.getByRole('row').filter({ hasText: buyer.email });
  await expect(rows).toHaveCount(2);

  await rows
    .first()
    .getByRole('button', { name: `Details of ${tool.name} for ${buyer.name}` })
    .click();
  const details = admin.getByRole('dialog');
  await expect(details.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(details).toContainText('Placed');
  await expect(details).toContainText(buyer.email);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  const downloading = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const [header, ...records] = parseCsv(Buffer.concat(chunks).toString('utf8')).filter(
    (record) => record.join('') !== '',
  );
  expect(header).toEqual(
    expect.arrayContaining([
      'Order number',
      'Order ID',
      'Customer',
      'E-mail',
      'Tool',
      'Quantity',
      'Order total',
    ]),
  );
  expect(records).toHaveLength(2);
  for (const record of records) {
    expect(record).toContain(buyer.email);
    expect(record).toContain(tool.name);
    expect(record).toContain('3 Quay Street, "Unit 2", Galway');
  }
  await admin.context().close();
});

test("a customer's order takes a tool below its threshold: the overview lists it and the admins get a mail", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await openAdminPage(browser);
  const tool = await addProduct(admin, baseURL!, `Hot Air Nozzle ${Date.now().toString(36)}`, 30);

  // The owner sets the threshold in the edit dialog: below 20 available is low.
  await admin.goto('/dashboard/manageProduct');
  await admin.getByRole('search', { name: 'Find products' }).getByLabel('Search by name').fill(tool.name);
  await admin.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('row').filter({ hasText: tool.name }).getByRole('button', { name: 'Edit' }).click();
  const editor = admin.getByRole('dialog');
  await editor.getByLabel('Low-stock threshold').fill('20');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Product updated')).toBeVisible();

  await signUpViaApi(page.request, baseURL!, newAccount('lowstock'));
  const placed = await page.request.post('/api/order', {
    headers: { origin: baseURL! },
    data: { toolId: tool._id, quantity: 15, address: '8 Mill Lane, Derry' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);

  const mail = await waitForMail(E2E_ADMIN.email, new RegExp(`Low stock: ${tool.name}`));
  expect(mail.text).toContain('Only 15 left to order, below its low-stock threshold of 20.');

  await admin.getByRole('link', { name: 'Sales Overview' }).click();
  await expect(admin.getByRole('heading', { name: /Revenue and orders per day/ })).toBeVisible();
  const lowStock = admin.getByRole('region', { name: 'Low stock' });
  await expect(lowStock.getByRole('row').filter({ hasText: tool.name })).toBeVisible();
  await expect(lowStock.getByRole('button', { name: `Restock ${tool.name}` })).toBeVisible();
  await admin.context().close();
});
