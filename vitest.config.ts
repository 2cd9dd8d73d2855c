import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverProject = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server:${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // Each file builds its own database; PostgreSQL round trips can take longer than the default.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

// The API tests run on embedded PGlite always, and a second time on PostgreSQL when
// TEST_DATABASE_URL names a server (each test file creates and drops its own database there).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: { name: 'e2e-support', include: ['e2e/support/**/*.test.ts'], environment: 'node' },
      },
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
