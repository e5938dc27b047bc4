import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` — migrations from server/db/schema.ts into server/db/migrations (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
