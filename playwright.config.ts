import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './e2e/support/e2e-settings';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CONTROL_PORT = 4175;
const SMTP_PORT = 4176;
const OIDC_PORT = 4177;

// Debian's Chromium (Playwright's own browser download cannot run on these machines). As root it needs
// --no-sandbox; the other flags stop it from calling Google services this network cannot reach.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  // Journeys only: e2e/support holds Vitest unit tests of the test tooling itself.
  testMatch: /\.spec\.ts$/,
  outputDir: './test-results/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // CI's two cores run Chromium, the shop and two journeys at once, several times slower than a laptop: a
  // long journey there takes 30 s (Playwright's default limit) with every step passing.
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs a sixth of CI's CPU time (measured); there a failure leaves its screenshot
    // and the page's accessibility tree, and is reproduced with a trace locally.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: [/catalogue\//, /phone-menu\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Journeys that change what every visitor sees (new products and reviews come first on the home
      // page) run once the others have checked the shop as seeded.
      name: 'catalogue',
      testMatch: /catalogue\/.*\.spec\.ts$/,
      dependencies: ['desktop', 'phone'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      dependencies: ['setup'],
      testMatch: /(responsive|accessibility|phone-menu)\.spec\.ts/,
      // A phone's layout at 390 CSS pixels, rastered at one device pixel per CSS pixel: Pixel 7's 2.625
      // would paint seven times the pixels in software on every frame and screenshot.
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: [
    {
      // Stand-ins that speak the real protocols for what this machine cannot reach: an SMTP server that
      // keeps the mails, and an OpenID Connect provider in Google's place.
      command: 'node --import tsx e2e/support/fake-services.ts',
      url: `http://127.0.0.1:${CONTROL_PORT}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_CONTROL_PORT: String(CONTROL_PORT),
        E2E_SMTP_PORT: String(SMTP_PORT),
        E2E_OIDC_PORT: String(OIDC_PORT),
      },
    },
    {
      // A fresh embedded database for every run: the shop starts exactly as a newcomer's `npm start` does.
      command: `node e2e/support/wait-for.mjs http://127.0.0.1:${CONTROL_PORT}/health && rm -rf test-results/e2e-data && node scripts/start.mjs`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: BASE_URL,
        DATA_DIR: 'test-results/e2e-data',
        LOG_LEVEL: 'warn',
        ADMIN_EMAILS: E2E_ADMIN.email,
        // e2e/fixtures.ts gives each journey its own client address, as a proxy in front would.
        TRUST_PROXY: 'true',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Toolshop <shop@toolshop.test>',
        GOOGLE_CLIENT_ID: 'toolshop-e2e',
        GOOGLE_CLIENT_SECRET: 'toolshop-e2e-secret',
        OIDC_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      },
    },
  ],
});
