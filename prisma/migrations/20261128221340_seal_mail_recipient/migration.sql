-- Issue 33 (C70): a mail's recipient address is sealed at rest like its text, and found by its blind index
-- ("toIndex", server/keys/blind-index.ts). What was written before stays a JSON string, found by its plain value,
-- until the sealing pass indexes and seals it.
DROP INDEX "OutboxMessage_to_createdAt_idx";

ALTER TABLE "OutboxMessage" ADD COLUMN "toIndex" TEXT,
    ALTER COLUMN "to" SET DATA TYPE JSONB USING to_jsonb("to");

CREATE INDEX "OutboxMessage_toIndex_createdAt_idx" ON "OutboxMessage"("toIndex", "createdAt");

-- The sealing pass ran once before this column was sealed: it runs again for it.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
