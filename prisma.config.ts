// Prisma CLI configuration (generate only; migrations are created with scripts/prisma-wasm.mjs and
// applied by the API at startup, see apps/api/src/persistence/migrator.ts).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/coxswain' },
});
