import { test as setup, expect } from '@playwright/test';
import { signUpViaApi } from './accounts-fixtures';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/e2e-settings';

// Signs the ADMIN_EMAILS account up, confirms its address through the mailed link with its password
// (only a confirmed address becomes an admin, decision 014) and signs in; journeys that need an admin
// start from this saved session.
setup('sign up and verify the admin', async ({ request, baseURL }) => {
  await signUpViaApi(request, baseURL!, { ...E2E_ADMIN });

  const status = await request.get(`/api/admin/${encodeURIComponent(E2E_ADMIN.email)}`);
  expect(await status.json()).toEqual({ admin: true });
  await request.storageState({ path: ADMIN_STORAGE_STATE });
});
