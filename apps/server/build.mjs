// Bundles the server into dist/main.js and the admin command into dist/admin.js. Workspace sources (@toolshop/shared) are bundled in; npm
// dependencies stay external and are loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Vite is loaded by `npm run dev` alone (plugins/external/web-dev.ts), from the web app's dependencies.
const external = [...Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@toolshop/')), 'vite'];

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    admin: new URL('./src/cli/admin.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
