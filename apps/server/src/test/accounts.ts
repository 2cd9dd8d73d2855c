import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app';
import { TEST_ADMIN_EMAIL, type RecordingMailer } from './build-test-app';

/** Better Auth checks the Origin of cookie-carrying requests (CSRF): tests call as the web app does. */
export const ORIGIN = 'http://localhost:3000';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  /** The Cookie header the browser would send. */
  cookie: string;
}

let counter = 0;

/** A fresh, unique account's details (not yet registered). */
export function newAccountDetails(prefix = 'customer') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `${prefix} ${id}`, email: `${prefix}-${id}@example.com`, password: 'correct horse battery' };
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function signUp(app: App, details = newAccountDetails()): Promise<TestAccount> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: details,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...details, cookie: cookieHeader(response) };
}

export async function signIn(app: App, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

/** Follows the verification link mailed to `account` (the test app's mailer records mails). */
export async function verifyEmail(app: App, account: TestAccount): Promise<void> {
  const mail = (app.mailer as RecordingMailer).last(account.email, /Confirm your e-mail/);
  const link = new URL(mail.text.match(/https?:\/\/\S+verify-email\S*/)![0]);
  const response = await app.inject({ url: `${link.pathname}${link.search}` });
  expect(response.statusCode).toBe(302);
}

/** The admin of ADMIN_EMAILS (TEST_ADMIN_EMAIL), signed up and verified once per app. */
export async function signUpAdmin(app: App): Promise<TestAccount> {
  const admin = await signUp(app, {
    name: 'Ada Admin',
    email: TEST_ADMIN_EMAIL,
    password: 'admin password 1',
  });
  await verifyEmail(app, admin);
  return admin;
}

/** Calls the app as `account` (cookie session), or anonymously when account is null. */
export function injectAs(app: App, account: TestAccount | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { origin: ORIGIN, ...options.headers, ...(account ? { cookie: account.cookie } : {}) },
  });
}

/** The usual cast of an authorization test: a customer, another customer and the admin. */
export async function signUpCast(
  app: App,
): Promise<{ customer: TestAccount; other: TestAccount; admin: TestAccount }> {
  return { customer: await signUp(app), other: await signUp(app), admin: await signUpAdmin(app) };
}
