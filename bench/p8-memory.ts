import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IMPORT_PROCESS_BUNDLE, importInOwnProcess, type MemoryStage } from "../server/bank/import/import-process.ts";
import { generateCamt054, syntheticCredits } from "../server/bank/iso20022/testing/generate-camt054.ts";
import { getConfig } from "../server/config.ts";
import { ibanNumberData } from "../server/ibans/iban-number.ts";
import { profileNameData } from "../server/profiles/profile-name.ts";
import { openPostgres } from "../server/db/driver.ts";
import { migrate } from "../server/db/migrate.ts";
import { benchDatabase } from "./database.ts";
import type { BenchContext } from "./settings.ts";
import { cleanEnv } from "./targets.ts";

/**
 * P8's memory leg (P8m): a camt.054 of `BENCH_P8_MEMORY_CREDITS` (31,000, about 50 MB) imported from disk the way
 * the server imports a large file: handed to the import process `next build` made (`.next/tokenrail/bank-import.mjs`),
 * started by the same function with the same heap cap (`TOKENRAIL_BANK_IMPORT_HEAP_MB`, 128 by default), its mints
 * queued and not driven. Measured: that process's RSS high-water mark as the kernel counts it, which it reports
 * itself with its memory stage by stage. On a scratch PostgreSQL database: the import process is PostgreSQL's (the
 * embedded database cannot be opened by a second process), so without `DATABASE_URL` the leg is not run.
 */

const MEMORY_CREDITS = Number(process.env.BENCH_P8_MEMORY_CREDITS ?? 31_000);
/** The sandbox bank's master account (server/bank/bank-settings.ts): the bench's environment is the sandbox's. */
const SANDBOX_MASTER_IBAN = "DE02100100100006820101";

export type MemoryResult =
  | { ran: false; why: string }
  | {
      ran: true;
      megabytes: number;
      database: string;
      heapMb: number;
      entries: number;
      seconds: number;
      peakRssMb: number;
      stages: MemoryStage[];
    };

export async function memoryLeg(context: BenchContext): Promise<MemoryResult> {
  if (!process.env.DATABASE_URL) {
    return { ran: false, why: "the import process runs on PostgreSQL: set DATABASE_URL to measure it" };
  }
  const bundle = path.join(context.root, IMPORT_PROCESS_BUNDLE);
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: next build makes it`);
  const dir = path.join(context.temp, "p8-memory");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "camt054-50mb.xml");
  const credits = [...syntheticCredits(MEMORY_CREDITS)];
  fs.writeFileSync(
    file,
    generateCamt054({
      messageId: `P8-MEM-${randomBytes(8).toString("hex")}`,
      createdAt: new Date().toISOString().slice(0, 19),
      accountIban: SANDBOX_MASTER_IBAN,
      credits,
    }),
  );
  const megabytes = fs.statSync(file).size / 1024 / 1024;

  const database = await benchDatabase(path.join(dir, "data"), "p8mem");
  if (database.kind !== "postgres") throw new Error("the memory leg needs PostgreSQL");
  context.atEnd(database.drop);
  await seedHolders(database.url, [...new Set(credits.map((c) => c.creditorIban))]);

  const config = getConfig();
  const answer = await importInOwnProcess(bundle, { path: file, name: "p8-memory.xml", source: "upload" }, config, {
    env: {
      ...cleanEnv(),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      TOKENRAIL_DATA_DIR: path.join(dir, "data"),
      DATABASE_URL: database.url,
      // The keyring the holders' names and IBANs were sealed with (seedHolders): the process opens and routes by it.
      TOKENRAIL_KEYRING_FILE: config.keys.keyringFile,
    },
  });
  return {
    ran: true,
    megabytes,
    database: database.label,
    heapMb: config.bank.importProcess.heapMb,
    entries: answer.report.entries.length,
    seconds: answer.seconds,
    peakRssMb: answer.peakRssMb,
    stages: answer.memory,
  };
}

/**
 * The schema, and an approved holder (profile, address, IBAN) for each IBAN the file credits: the bench's setup. The
 * rows are as the server writes them, the name and the IBAN sealed with the bench's keyring (`getConfig`, which the
 * import process is given) and the IBAN found by its blind index.
 */
async function seedHolders(url: string, ibans: string[]): Promise<void> {
  const raw = openPostgres(url);
  try {
    await migrate(raw);
    const profiles = ibans.map(() => randomUUID());
    const addresses = ibans.map(() => `0x${randomBytes(20).toString("hex")}`);
    await raw.exclusive(async (sql) => {
      await sql.query(
        `INSERT INTO "Profile" (id, kind, name, state, "updatedAt")
       SELECT id::uuid, 'corporate', name::jsonb, 'approved', now() FROM unnest($1::text[], $2::text[]) AS h(id, name)`,
        [profiles, ibans.map((iban) => JSON.stringify(profileNameData(iban)))],
      );
      await sql.query(
        `INSERT INTO "Address" (id, "profileId", address, "addressKey", chain)
       SELECT gen_random_uuid(), p::uuid, a, a, 'sepolia' FROM unnest($1::text[], $2::text[]) AS h(p, a)`,
        [profiles, addresses],
      );
      const numbers = ibans.map((iban) => ibanNumberData(iban));
      await sql.query(
        `INSERT INTO "Iban" (id, "profileId", iban, "ibanIndex", address, "addressKey", chain, state, "requestedAt",
         "updatedAt")
       SELECT gen_random_uuid(), p::uuid, i::jsonb, x, a, a, 'sepolia', 'approved', now(), now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS h(p, i, x, a)`,
        [profiles, numbers.map((n) => JSON.stringify(n.iban)), numbers.map((n) => n.ibanIndex), addresses],
      );
    });
  } finally {
    await raw.close();
  }
}
