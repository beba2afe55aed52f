import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npm run db:generate -- --name <change>` writes the SQL migration for the changes in
 * server/db/schema.ts into ./drizzle (checked in). The server applies them itself at start-up (server/db/index.ts).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
});
