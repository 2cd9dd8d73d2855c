import { newAccount } from './accounts-fixtures';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './fixtures';

/** The account screens decision 014 changed, in each of their states, at a desktop and a phone width. */
for (const width of [1280, 390]) {
  test(`account screens pass axe at ${width} px`, async ({ page }) => {
    test.slow(); // four axe runs and a sign-up
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const shot = async (name: string) => {
      await expectNoAxeViolations(page, `${name} at ${width} px`);
      // Kept under test-results/screenshots for a person to look at, as responsive.spec.ts does.
      await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage: true });
    };

    await page.goto('/login');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    // Sent before the scripts ran, the form came back from the server: its screen is checked once the
    // scripts have run, as the visitor goes on with it (the buttons turning enabled have settled).
    await expect(page.getByRole('button', { name: 'Use Google?' })).toBeEnabled();
    await shot('login-password-message');

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    // The form as a visitor uses it: its scripts have run and its buttons are ready.
    await expect(page.getByRole('button', { name: 'Use Google?' })).toBeEnabled();
    await shot('register-form');
    const account = newAccount('screens');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await shot('register-check-inbox');

    await page.goto('/verify-email?token=from-the-mail');
    await expect(page.getByRole('button', { name: 'Confirm my e-mail' })).toBeEnabled();
    await shot('verify-email-password');
  });
}
