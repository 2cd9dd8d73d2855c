// `npm start`: builds whatever is missing or older than its sources, then runs the server in this same
// process (migrations and the demo seed run as the server starts).
import path from 'node:path';
import { buildIfStale, loadDotEnv, root } from './build-if-stale.mjs';

buildIfStale(['web', 'server']);
loadDotEnv();
process.env.NODE_ENV ??= 'production';
await import(path.join(root, 'apps/server/dist/main.js'));
