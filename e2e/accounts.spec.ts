import { readFileSync, writeFileSync } from 'node:fs';
import { linkIn, setGoogleUser, waitForMail } from './support/mailbox';
import { newAccount, openAdminPage, signInThroughForm, signUpViaApi } from './accounts-fixtures';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('register, confirm the e-mail, come back to a guarded page after signing in, and reset the password', async ({
  page,
}) => {
  const account = newAccount('newcomer');

  // Register: a confirmation mail goes out and the page says to check the inbox; no one is signed in.
  await page.goto('/register');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'LOG IN' })).toBeVisible();

  // The mail reached the SMTP server, without the name typed into the form; its link and the password
  // confirm the address.
  const verification = await waitForMail(account.email, /Confirm your e-mail/);
  expect(verification.text).not.toContain(account.name);
  await page.goto(linkIn(verification, '/verify-email'));
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();

  // Open a guarded page, sign in, and be back on that page.
  await page.goto('/dashboard/updateProfile');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard\/updateProfile$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();

  // Reset the password through the mailed link, then sign in with the new one.
  await nav.getByRole('button', { name: 'LOG OUT' }).click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('reset email sent')).toBeVisible();
  const reset = await waitForMail(account.email, /Reset your Toolshop password/);
  await page.goto(linkIn(reset, '/api/auth/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Repeat the new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);

  await signInThroughForm(page, account.email, account.password);
  await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();
  await signInThroughForm(page, account.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'DASHBOARD' })).toBeVisible();
});

test('login and sign-up forms show SPEC messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  await page.getByLabel('Password').fill('');

  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('enter your email')).toBeVisible();

  await page.getByRole('link', { name: 'Create new account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
  await page.getByRole('link', { name: 'Please login' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('an admin promotes a user and that user’s menu changes', async ({ page, browser, baseURL }) => {
  const account = await signUpViaApi(page.request, baseURL!, newAccount('promoted'));
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Add A Review' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);

  const admin = await openAdminPage(browser);
  await admin.goto('/dashboard/makeAdmin');
  const row = admin.getByRole('row').filter({ hasText: account.email });
  await row.getByRole('button', { name: 'Make Admin' }).click();
  // Granting admin rights asks for a yes first.
  await admin
    .getByRole('dialog', { name: `Make ${account.email} an admin?` })
    .getByRole('button', { name: 'Make Admin' })
    .click();
  await expect(admin.getByText('made Admin Successfully')).toBeVisible();
  await expect(row.getByText('admin', { exact: true })).toBeVisible();
  await admin.context().close();

  await page.reload();
  for (const item of [
    'My Profile',
    'Manage All Orders',
    'Add a Product',
    'Make Admin',
    'Manage All Products',
  ]) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
});

test('a customer who opens an admin screen is signed out and sent to login', async ({ page, baseURL }) => {
  await signUpViaApi(page.request, baseURL!);

  await page.goto('/dashboard/makeAdmin');

  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOG IN' }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

// The stand-in Google answers for one user at a time (setGoogleUser): its two journeys must not overlap.
test.describe('Google sign-in', () => {
  test.describe.configure({ mode: 'serial' });

  test('Google sign-in completes against the OpenID Connect provider', async ({ page }) => {
    const googleUser = newAccount('google');
    await setGoogleUser({ sub: `sub-${googleUser.email}`, email: googleUser.email, name: googleUser.name });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Use Google?' }).click();

    await expect(page).toHaveURL(/127\.0\.0\.1:4173\/$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${googleUser.name}` })).toBeVisible();
    await expect(page.getByText(googleUser.email)).toBeVisible();
  });

  test('Google sign-in for an address someone signed up first ends that pending password (decision 014)', async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = newAccount('owner');
    const attackerPassword = 'attacker chose this';
    const signInAsAttacker = () =>
      request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL! },
        data: { email: owner.email, password: attackerPassword },
      });
    const signUp = await request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL! },
      data: { name: 'Not the owner', email: owner.email, password: attackerPassword },
    });
    expect(signUp.ok()).toBe(true);
    // Pending: the password is right, the address is not confirmed.
    expect((await signInAsAttacker()).status()).toBe(403);

    await setGoogleUser({ sub: `sub-${owner.email}`, email: owner.email, name: owner.name });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Use Google?' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:4173\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' }),
    ).toBeVisible();

    // Google vouched for the address, so it is confirmed now: the attacker's password must not come with it.
    const attempt = await signInAsAttacker();
    expect(attempt.status()).toBe(401);
    expect(attempt.headers()['set-cookie'] ?? '').not.toContain('session_token');
  });
});

/** Types SPEC's Update Profile fields, as a person does. */
async function fillProfile(
  page: Page,
  fields: { education: string; location: string; number: string; linkedIn: string },
) {
  await page.getByLabel('Education').fill(fields.education);
  await page.getByLabel('Location').fill(fields.location);
  await page.getByLabel('Number').fill(fields.number);
  await page.getByLabel('LinkedIn').fill(fields.linkedIn);
}

test.describe('profile', () => {
  test('shows "no value" until filled in, then the saved details and uploaded image', async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = await signUpViaApi(page.request, baseURL!);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: account.name, exact: true })).toBeVisible();
    await expect(page.getByText('no value')).toHaveCount(4);
    await expect(page.getByRole('img', { name: `Profile picture of ${account.name}` })).toHaveAttribute(
      'src',
      '/images/site/default-avatar.svg',
    );

    await page.getByRole('link', { name: 'update Info' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    for (const message of [
      'Education is Required',
      'location is Required',
      'number is Required',
      'linkedIn is Required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await fillProfile(page, {
      education: 'BSc in Electronics',
      location: 'Cork',
      number: '0871234567',
      linkedIn: 'https://www.linkedin.com/in/example',
    });
    await page.getByLabel('Profile image (optional)').setInputFiles('apps/web/public/images/site/logo.svg');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Only PNG, JPEG, WebP and GIF images are accepted.')).toBeVisible();
    await expect(page.getByText('Failed to profile update')).toBeVisible();

    await page.getByLabel('Profile image (optional)').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is text, not a picture'),
    });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Only PNG, JPEG, WebP and GIF images are accepted.')).toBeVisible();

    // From a file on disk, as a person picks it (an in-memory buffer this large reaches the page another way).
    const huge = testInfo.outputPath('huge.png');
    writeFileSync(huge, Buffer.alloc(5 * 1024 * 1024 + 1));
    await page.getByLabel('Profile image (optional)').setInputFiles(huge);
    await expect(page.getByText('Images may be at most 5 MB.')).toBeVisible();

    await page.getByLabel('Profile image (optional)').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: readFileSync('docs/images/home.png'),
    });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('profile update successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const value of ['BSc in Electronics', 'Cork', '0871234567']) {
      await expect(page.getByText(value)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/example' })).toBeVisible();
    const avatar = page.getByRole('img', { name: `Profile picture of ${account.name}` });
    await expect(avatar).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}\.webp$/);
    // Read once the browser has loaded it: straight after the page changes, the picture may still be on
    // its way (naturalWidth 0).
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(1200);
  });

  test("a profile sent before the page's scripts run is saved all the same", async ({ page, baseURL }) => {
    await signUpViaApi(page.request, baseURL!);
    // The scripts held back, as on a phone whose network stalls: the form is the server's own, answered by
    // the page's route action (decision 075). Not waiting for the load event, which held scripts would hold.
    await page.route('**/assets/*.js', () => {});
    await page.goto('/dashboard/updateProfile', { waitUntil: 'domcontentloaded' });
    await fillProfile(page, {
      education: 'HND Electronics',
      location: 'Galway',
      number: '0911234567',
      linkedIn: 'not a link',
    });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Provide a valid link (https://…)')).toBeVisible();
    await expect(page.getByLabel('Location')).toHaveValue('Galway');

    await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/galway-bench');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // My Profile is drawn by the page's scripts: let them come.
    await page.unroute('**/assets/*.js');
    await page.reload();
    for (const value of ['HND Electronics', 'Galway', '0911234567']) {
      await expect(page.getByText(value, { exact: true })).toBeVisible();
    }
  });
});

test('a login sent before the page’s scripts run signs in, and the password goes in no address', async ({
  page,
  baseURL,
}) => {
  const account = await signUpViaApi(page.request, baseURL!);
  await page.context().clearCookies();
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  // The scripts held back for the whole journey, as on a phone whose network stalls: the form is the
  // server's own.
  await page.route('**/assets/*.js', () => {});

  await page.goto('/login?redirectTo=/dashboard/myOrders', { waitUntil: 'domcontentloaded' });
  await signInThroughForm(page, account.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' }),
  ).toBeVisible();
  expect(
    addresses.filter((address) => address.includes('not-the-password') || address.includes(account.password)),
  ).toEqual([]);
});
