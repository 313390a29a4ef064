/**
 * `npm run db:migrate:new <name>`: writes the SQL that brings the migration history up to prisma/schema.prisma as a
 * new migration, offline (Prisma's own `migrate dev` needs an engine download our machines cannot make).
 */
import fs from "node:fs";
import path from "node:path";
import { defaultMigrationsDir, readMigrations } from "../server/db/migrate.ts";
import { diffMigrationsToSchema } from "./db/schema-diff.ts";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migrate:new <name>   (lower-case letters, digits and underscores, e.g. add_orders)");
  process.exit(2);
}

const schema = fs.readFileSync(path.resolve("prisma", "schema.prisma"), "utf8");
const sql = await diffMigrationsToSchema({ migrationsSql: readMigrations().map((m) => m.sql), schema });
if (sql === "") {
  console.log("prisma/schema.prisma and the migrations already agree: nothing to write.");
  process.exit(0);
}

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(defaultMigrationsDir(), `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql:\n\n${sql}`);
console.log("Review it, then run `npm run db:generate`; the app applies it at its next start.");
