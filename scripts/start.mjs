// `npm start`: builds whatever is missing or older than its sources, then runs the server in this same
// process (migrations and the demo seed run as the server starts).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    0,
  );
}

const builds = [
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/shared/src'],
  },
];

for (const { workspace, output, sources } of builds) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (sources.some((source) => newestMtime(at(source)) > builtAt)) {
    console.log(`Building ${workspace}…`);
    execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit' });
  }
}

// Settings from a .env file beside package.json; variables already set in the environment win.
if (existsSync(at('.env'))) process.loadEnvFile(at('.env'));
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/main.js'));
