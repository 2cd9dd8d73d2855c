import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's features (apps/server/src/<feature>/): a new feature adds its folder here.
const SERVER_FEATURES =
  'admin|auth|cart|categories|checkout|cli|health|images|orders|payments|product-reviews|profiles|reviews|shop-settings|site-config|storefront|tools|users';

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
    // Shared code (components/, lib/, shell/) sits below the features (docs/architecture.md): it never
    // reaches up into a feature, a route module or the root; route modules are where pages are put together.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/routes/**', '**/root'],
              message: 'Shared code sits below the features: take what it needs as props or arguments.',
            },
          ],
        },
      ],
    },
  },
  // Features stand side by side: one uses another only through its public entry, `api.ts` (its calls and
  // queries) or its `index.ts` (the components it offers), never its pages/ or components/ (decision 045).
  webFeatureBoundaries('apps/web/src/features/*/*.{ts,tsx}', '\\.\\./'),
  webFeatureBoundaries('apps/web/src/features/*/*/**', '\\.\\./\\.\\./'),
  {
    // Server layers (decision 043): infrastructure (db, lib, plugins, mail, activity-log, env, logger,
    // viewer) sits below the features and never imports one, nor the modules that compose them.
    files: [
      'apps/server/src/{db,lib,plugins,mail,activity-log}/**/*.ts',
      'apps/server/src/{env,logger,viewer}.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+((${SERVER_FEATURES})(/|$)|(app|services|main)$)`,
              message:
                'Infrastructure sits below the features: move what both need down here (decision 043).',
            },
          ],
        },
      ],
    },
  },
  {
    // A server feature uses another only through its public entry: its service.ts, and tools' stock service,
    // orders' DTO module and the cart's visitor cookie (decisions 043, 048).
    files: [`apps/server/src/{${SERVER_FEATURES.replaceAll('|', ',')}}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!(tools/stock|orders/order-dto|cart/visitor-cookie)$)(${SERVER_FEATURES})/(?!service$)`,
              message: "Another feature's modules are its own: use its service.ts (decision 043).",
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

/**
 * The web's import rules for the files `files` of a feature, `up` being the relative path from them to the
 * features folder: another feature only through its api.ts or index.ts, no route module, toasts through
 * components/ui/toasts.
 */
function webFeatureBoundaries(files, up) {
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${up}[^./][^/]*/(?!api$)`,
              message:
                'Use another feature through its api.ts or index.ts: its pages and components are its own.',
            },
            {
              group: ['**/routes/**', '**/root', '**/shell/**'],
              message: 'Route modules, the root and the document shell sit above the features.',
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
  };
}
