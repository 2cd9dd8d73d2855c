/** Settings shared by playwright.config.ts and the journeys. */

/** The account ADMIN_EMAILS makes an admin; e2e/admin.setup.ts signs it up once per run. */
export const E2E_ADMIN = { name: 'Ada Admin', email: 'admin@toolshop.test', password: 'admin password 1' };

/** Where the admin's signed-in session is saved for the journeys that need an admin. */
export const ADMIN_STORAGE_STATE = 'test-results/.auth/admin.json';
