// `npm run admin -- grant EMAIL | revoke EMAIL | list`: role changes from the shell.
import path from 'node:path';
import { buildIfStale, loadDotEnv, root } from './build-if-stale.mjs';

buildIfStale(['server']);
loadDotEnv();
await import(path.join(root, 'apps/server/dist/admin.js'));
