import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from src/db/schema/ (`npm run db:generate -w apps/server`);
// the server applies them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema',
  out: './drizzle',
});
