import { test as setup, expect } from '@playwright/test';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/e2e-settings';

// Signs the ADMIN_EMAILS account up once; tests that need an admin start from this saved session.
setup('sign up the admin', async ({ request, baseURL }) => {
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: E2E_ADMIN,
  });
  expect(response.ok(), await response.text()).toBe(true);
  expect((await response.json()).user.role).toBe('admin');
  await request.storageState({ path: ADMIN_STORAGE_STATE });
});
