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

/** Signs up, confirms the address as its owner would (mailed link + password) and signs in. */
export async function signUp(app: App, details = newAccountDetails()): Promise<TestAccount> {
  // Each new account arrives from its own address, so a file's many sign-ups stay clear of the per-address
  // rate limits that the rate-limit tests exercise.
  counter += 1;
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, remoteAddress, payload });
  const response = await post('/api/auth/sign-up/email', details);
  expect(response.statusCode, response.body).toBe(200);
  const confirmed = await post('/api/auth/confirm-email', {
    token: await confirmationToken(app, details.email),
    password: details.password,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const signedIn = await post('/api/auth/sign-in/email', {
    email: details.email,
    password: details.password,
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { ...details, cookie: cookieHeader(signedIn) };
}

export async function signIn(app: App, email: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

/** The token of the newest confirmation link mailed to `email`. */
export async function confirmationToken(app: App, email: string): Promise<string> {
  const mail = await (app.mailer as RecordingMailer).last(email, /Confirm your e-mail/);
  return new URL(mail.text.match(/https?:\/\/\S+verify-email\S*/)![0]).searchParams.get('token')!;
}

/** Posts the confirmation page's form: the mailed link's token and a password. */
export function postConfirmation(app: App, token: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    headers: { origin: ORIGIN },
    payload: { token, password },
  });
}

async function confirmEmail(app: App, email: string, password: string): Promise<void> {
  const response = await postConfirmation(app, await confirmationToken(app, email), password);
  expect(response.statusCode, response.body).toBe(200);
}

/** Confirms `account`'s address through its mailed link (a no-op once confirmed). */
export async function verifyEmail(app: App, account: TestAccount): Promise<void> {
  await confirmEmail(app, account.email, account.password);
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
