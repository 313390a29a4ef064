/** `npm run db:migrate`: applies pending migrations to the configured database (the app also does so at start). */
import { ConfigError, getConfig, type Config } from "../server/config.ts";
import { openDatabase } from "../server/db/driver.ts";
import { migrate } from "../server/db/migrate.ts";

// A refused configuration says what to fix, as `npm start` does, and nothing is migrated.
let config: Config;
try {
  config = getConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const db = openDatabase(config.database);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is already at the newest migration.");
} finally {
  await db.close();
}
