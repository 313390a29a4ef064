// A stand-in for the import process (import-process-main.ts) that begins a transaction, writes in it, and is then
// stuck at full CPU, as the reader was on a deeply nested file: the server must kill it at the time limit, and
// PostgreSQL must roll its transaction back. For import-budget.test.ts, on PostgreSQL.
import fs from "node:fs";
import pg from "pg";

process.once("message", async (request) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("BEGIN");
  await client.query(`CREATE TABLE "${process.env.STUCK_MARKER_TABLE}" (id int)`);
  fs.writeFileSync(process.env.STUCK_STARTED_FILE, String(request.deadline));
  for (;;);
});
