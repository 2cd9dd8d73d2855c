import { readFileSync } from 'node:fs';
import { openAdminPage } from '../accounts-fixtures';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { waitUntilHydrated } from '../support/hydration';

// A product's photos (decision 058): the gallery a buyer looks through, and the admin's ordering of them.

const MULTIMETER = 'True-RMS Auto-Ranging Digital Multimeter';

test('a buyer looks through a product’s photos by keyboard, swipe and zoom', async ({ page }) => {
  const tools = (await (await page.request.get('/api/tools')).json()) as { _id: string; name: string }[];
  const multimeter = tools.find((tool) => tool.name === MULTIMETER)!;
  await page.goto(`/tools/${multimeter._id}`);
  await waitUntilHydrated(page);
  const gallery = page.getByRole('region', { name: `Photos of ${MULTIMETER}` });
  const shown = gallery.getByRole('img', { name: new RegExp(`^${MULTIMETER}, photo \\d of 3$`) });
  await expect(shown).toHaveAttribute('src', '/images/tools/digital-multimeter.svg');

  // The keyboard: Tab reaches the thumbnails; the arrows turn the photo and the focus follows.
  const first = gallery.getByRole('button', { name: 'Show photo 1 of 3' });
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveAttribute('src', '/images/tools/digital-multimeter-leads.svg');
  await expect(gallery.getByRole('button', { name: 'Show photo 2 of 3' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(shown).toHaveAccessibleName(`${MULTIMETER}, photo 3 of 3`);
  await page.keyboard.press('Home');
  await expect(shown).toHaveAccessibleName(`${MULTIMETER}, photo 1 of 3`);

  // A swipe to the left: the next photo, and no zoomed view.
  const box = (await shown.boundingBox())!;
  const middle = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, middle);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, middle, { steps: 5 });
  await page.mouse.up();
  await expect(shown).toHaveAccessibleName(`${MULTIMETER}, photo 2 of 3`);
  await expect(page.getByRole('dialog')).toBeHidden();

  // The zoomed view, opened by keyboard, turned there, closed with Escape.
  await gallery.getByRole('link', { name: /^Zoom in/ }).focus();
  await page.keyboard.press('Enter');
  const zoomed = page.getByRole('dialog', { name: `${MULTIMETER}: photo 2 of 3` });
  await expect(zoomed.getByRole('img', { name: `${MULTIMETER}, photo 2 of 3, zoomed in` })).toBeVisible();
  await expectNoAxeViolations(page, 'the zoomed photo');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: `${MULTIMETER}: photo 3 of 3` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(shown).toHaveAccessibleName(`${MULTIMETER}, photo 3 of 3`);
});

test('an admin adds photos, orders them and picks the main one; the shop shows them so', async ({
  browser,
  page,
  baseURL,
}) => {
  const admin = await openAdminPage(browser);
  const name = `Gallery Mat ${Date.now().toString(36)}`;
  const created = await admin.request.post('/api/tools', {
    headers: { origin: baseURL! },
    data: {
      name,
      price: 9.5,
      availableQuantity: 200,
      minimumOrder: 2,
      description: 'A magnetic mat photographed from every side.',
      img: '/images/tools/magnetic-project-mat.svg',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { _id: id } = (await created.json()) as { _id: string };

  await admin.goto(`/dashboard/manageProduct?q=${encodeURIComponent(name)}`);
  await admin.getByRole('button', { name: `Photos (1) of ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Photos of ${name}` });
  const photo = { name: 'mat.png', mimeType: 'image/png', buffer: readFileSync('docs/images/home.png') };
  await dialog.getByLabel('Add photos').setInputFiles([photo, { ...photo, name: 'mat-side.png' }]);
  await expect(dialog.getByText('2 photos added.')).toBeAttached();
  const list = dialog.getByRole('list', { name: `Photos of ${name}` });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expectNoAxeViolations(admin, 'the photos of a product');

  // The second upload becomes the main photo; the drawing goes last.
  await dialog.getByRole('button', { name: 'Make main: photo 3' }).click();
  await dialog.getByRole('button', { name: 'Move photo 2 down' }).click();
  const order = await list
    .getByRole('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
  expect(order[0]).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);
  expect(order[2]).toBe('/images/tools/magnetic-project-mat.svg');
  await dialog.getByRole('button', { name: 'Save photos' }).click();
  await expect(admin.getByText('Photos saved')).toBeVisible();
  await expect(admin.getByRole('button', { name: `Photos (3) of ${name}` })).toBeVisible();

  // A buyer sees them in that order, the main one large, the card showing the main one.
  await page.goto(`/tools/${id}`);
  const gallery = page.getByRole('region', { name: `Photos of ${name}` });
  await expect(gallery.getByRole('img', { name: `${name}, photo 1 of 3` })).toHaveAttribute('src', order[0]!);
  await expect(gallery.getByRole('button', { name: /^Show photo \d of 3$/ })).toHaveCount(3);
  const listed = (await (await page.request.get('/api/tools')).json()) as { _id: string; img: string }[];
  expect(listed.find((tool) => tool._id === id)?.img).toBe(order[0]);

  await admin.context().close();
});
