import { test as setup, expect } from '@playwright/test';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/e2e-settings';
import { linkIn, waitForMail } from './support/mailbox';

// Signs the ADMIN_EMAILS account up and verifies its address through the mailed link (only a verified
// address becomes an admin); journeys that need an admin start from this saved session.
setup('sign up and verify the admin', async ({ request, baseURL }) => {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: E2E_ADMIN,
  });
  expect(response.ok(), await response.text()).toBe(true);

  const mail = await waitForMail(E2E_ADMIN.email, /Confirm your e-mail/);
  expect((await request.get(linkIn(mail, '/api/auth/verify-email'))).ok()).toBe(true);

  const status = await request.get(`/api/admin/${encodeURIComponent(E2E_ADMIN.email)}`);
  expect(await status.json()).toEqual({ admin: true });
  await request.storageState({ path: ADMIN_STORAGE_STATE });
});
