import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it reads the schema, never a database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
