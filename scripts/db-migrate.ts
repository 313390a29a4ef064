/** `npm run db:migrate`: applies pending migrations to the configured database (the app also does so at start). */
import { getConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/driver.ts";
import { migrate } from "../server/db/migrate.ts";

const db = openDatabase(getConfig().database);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is already at the newest migration.");
} finally {
  await db.close();
}
