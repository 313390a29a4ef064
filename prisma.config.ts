import path from "node:path";
import { defineConfig } from "prisma/config";

// The Prisma CLI downloads a native schema engine before every command, and its download host is not reachable
// from our machines. `generate` never needs that engine: pointing the variable at any existing file skips the
// download. Migrations are plain SQL applied by server/db/migrate.ts and created by scripts/db-migrate-new.ts.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("package.json");

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
});
