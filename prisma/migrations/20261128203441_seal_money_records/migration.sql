-- Personal data of the money records sealed at rest (C70). Text columns become JSON; the values already there become
-- plain JSON strings, which the sealing pass (server/keys/seal-plain-records.ts) seals in place at the next start.
DROP INDEX "Order_profileId_memo_seq_idx";

ALTER TABLE "Order" ALTER COLUMN "memo" TYPE JSONB USING to_jsonb("memo"),
ALTER COLUMN "message" TYPE JSONB USING to_jsonb("message"),
ADD COLUMN "memoKey" TEXT;

ALTER TABLE "IncomingPayment" ALTER COLUMN "memo" TYPE JSONB USING to_jsonb("memo");

ALTER TABLE "Payout" ALTER COLUMN "remittance" DROP DEFAULT,
ALTER COLUMN "remittance" TYPE JSONB USING to_jsonb("remittance");

ALTER TABLE "BankEntry" ALTER COLUMN "debtorName" TYPE JSONB USING to_jsonb("debtorName"),
ALTER COLUMN "debtorIban" TYPE JSONB USING to_jsonb("debtorIban"),
ALTER COLUMN "remittance" TYPE JSONB USING to_jsonb("remittance");

CREATE INDEX "Order_profileId_memoKey_seq_idx" ON "Order"("profileId", "memoKey", "seq");

-- The sealing pass is done once; these columns are new to it, so it runs again (a pass skips what is sealed).
UPDATE "KeyWork" SET "state" = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, "total" = 0, "done" = 0,
  "failed" = 0, "startedAt" = NULL, "finishedAt" = NULL
WHERE "name" = 'seal-records';
