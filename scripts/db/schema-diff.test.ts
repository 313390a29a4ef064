import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, it } from "node:test";
import { readMigrations } from "../../server/db/migrate.ts";
import { diffMigrationsToSchema } from "./schema-diff.ts";

describe("Prisma schema and migration history", () => {
  it("agree: applying every migration yields exactly prisma/schema.prisma", async () => {
    const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
    const sql = await diffMigrationsToSchema({ migrationsSql: readMigrations().map((m) => m.sql), schema });
    assert.equal(sql, "", `the schema changed without a migration; run npm run db:migrate:new <name>:\n${sql}`);
  });

  it("notice a schema change that has no migration", async () => {
    const schema = fs
      .readFileSync("prisma/schema.prisma", "utf8")
      .replace("model User {", "model User {\n  nickname String?");
    const sql = await diffMigrationsToSchema({ migrationsSql: readMigrations().map((m) => m.sql), schema });
    assert.match(sql, /ALTER TABLE "User" ADD COLUMN\s+"nickname" TEXT/);
  });
});
