import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ADMIN_STORAGE_STATE } from './support/e2e-settings';
import { linkIn, waitForMail } from './support/mailbox';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new account's details, unique across parallel workers and runs. */
export function newAccount(prefix = 'buyer'): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${id}`,
    email: `${prefix}-${id}@example.com`,
    password: 'secret-pass-1',
  };
}

/**
 * Registers through the API with the page's own cookie jar, confirms the address as its owner would (the
 * mailed link's token and the password, decision 014) and signs in, so the page is signed in: journeys
 * start where they matter instead of at the sign-up form.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  baseURL: string,
  account = newAccount(),
): Promise<Account> {
  const post = async (url: string, data: object) => {
    const response = await request.post(url, { headers: { origin: baseURL }, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  };
  await post('/api/auth/sign-up/email', account);
  const mail = await waitForMail(account.email, /Confirm your e-mail/);
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  await post('/api/auth/confirm-email', { token, password: account.password });
  await post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  return account;
}

/** A second browser, signed in as the shop's admin. */
export async function openAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STORAGE_STATE });
  return context.newPage();
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
