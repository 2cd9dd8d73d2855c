import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // React Router's generated route types (npm run dev writes them).
      '**/.react-router/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true } }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features sit side by side above components/ and lib/ (docs/architecture.md): shared pieces never
    // reach up into a feature, and a feature uses another only through its api and components, never its
    // pages; route modules (src/routes) are where pages are put together.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/routes/**'],
              message: 'Shared code sits below the features: take what it needs as props or arguments.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/pages/**', '**/routes/**'],
              message: "Another feature's pages are its own: compose pages in a route module (src/routes).",
            },
          ],
          paths: [
            {
              name: 'react-toastify',
              message:
                'Raise toasts with components/ui/toasts: the library loads with the first one (decision 031).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tool configuration files are expected to default-export their config, and React Router finds a
    // route module's component, the route table and the entries by their default export.
    files: [
      '**/*.config.{ts,js,mjs}',
      'playwright.config.ts',
      'apps/web/src/routes.ts',
      'apps/web/src/routes/**',
      'apps/web/src/root.tsx',
      'apps/web/src/entry.*.tsx',
    ],
    rules: { 'no-restricted-exports': 'off' },
  },
);
