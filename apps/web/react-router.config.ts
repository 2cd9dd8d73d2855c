import type { Config } from '@react-router/dev/config';

// Framework mode (decision 024): every page is rendered on the server by the Fastify process that serves
// /api, then hydrated. The build writes dist/client (static files) and dist/server/index.js (the handler).
export default {
  appDirectory: 'src',
  buildDirectory: 'dist',
  ssr: true,
} satisfies Config;
