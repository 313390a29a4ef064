import assert from "node:assert/strict";
import { getLogs } from "@prisma/debug";
import { it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { generateCamt054, syntheticCredits } from "../iso20022/testing/generate-camt054.ts";
import { importBankFile, IMPORT_BATCH_SIZE } from "./import-bank-file.ts";
import { FIXTURE_MASTER_IBAN, importConfig, seedHolders } from "./testing/bank-import-fixtures.ts";

// Prisma's PostgreSQL driver adapter keeps the parameters of its last hundred queries (`@prisma/debug`, for its error
// reports), debugging on or off; a bank file's batch statements carry their lines' sealed JSON, and a hundred of them
// ran the import process out of its heap. Every import lets that history go after each batch. (The embedded
// database's adapter keeps a copy of its own, which this does not reach: there the server's heap is not capped.)
await setUpTestInstance("bank_import_query_history");

it("issue 24: the PostgreSQL driver's query history holds no batch of a bank file once the batch is written (P8m's capped heap)", async () => {
  const credits = [...syntheticCredits(IMPORT_BATCH_SIZE * 2 + 10)];
  await seedHolders([...new Set(credits.map((c) => c.creditorIban))]);
  const onPostgres = Boolean(process.env.DATABASE_URL);
  if (onPostgres) {
    await (await db()).bankFile.count();
    assert.notEqual(getLogs(), "", "the driver adapter logs to the @prisma/debug this process loads");
  }
  const heldAfterBatch: number[] = [];
  const report = await importBankFile({
    content: {
      bytes: generateCamt054({
        messageId: "NTF-HISTORY-1",
        createdAt: "2026-11-26T10:00:00+01:00",
        accountIban: FIXTURE_MASTER_IBAN,
        credits,
      }),
    },
    name: "history.xml",
    source: "upload",
    config: importConfig(),
    driveChain: false,
    afterBatch: () => {
      heldAfterBatch.push(getLogs(Number.MAX_SAFE_INTEGER).length);
    },
  });
  assert.equal(report.entries.length, credits.length);
  assert.deepEqual(heldAfterBatch, [0, 0, 0]);
  if (onPostgres) assert.notEqual(getLogs(), "", "the statements after the last batch are logged again");
});
