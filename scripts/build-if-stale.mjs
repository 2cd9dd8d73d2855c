// Builds each part of the shop whose output is missing or older than its sources, so `npm start` and
// `npm run admin` always run the code that is checked out.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const parts = {
  web: {
    workspace: 'apps/web',
    output: 'apps/web/dist/server/index.js',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      'packages/shared/src',
    ],
  },
  server: {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
};

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    0,
  );
}

/** @param {Array<keyof typeof parts>} names */
export function buildIfStale(names) {
  for (const name of names) {
    const { workspace, output, sources } = parts[name];
    const builtAt = existsSync(at(output)) ? statSync(at(output)).mtimeMs : 0;
    if (sources.some((source) => newestMtime(at(source)) > builtAt)) {
      console.log(`Building ${workspace}…`);
      // Called from vitest.config.ts too: the build must not see Vitest's variables (vite.config.ts), nor
      // the NODE_ENV=test it sets, which would build React's development bundles into the shop's assets
      // (and `npm start` after `npm test` would serve them).
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'),
      );
      execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit', env });
    }
  }
}

/** Settings from a .env file beside package.json; variables already set in the environment win. */
export function loadDotEnv() {
  if (existsSync(at('.env'))) process.loadEnvFile(at('.env'));
}
