-- The outbox becomes the mail delivery queue: status, attempts, a stable Message-ID, the rendered HTML, a claim.
CREATE TYPE "MailStatus" AS ENUM ('kept', 'queued', 'sending', 'sent', 'failed', 'uncertain');

ALTER TABLE "OutboxMessage"
    ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'mail',
    ADD COLUMN "content" JSONB,
    ADD COLUMN "applicationId" UUID,
    ADD COLUMN "messageId" TEXT,
    ADD COLUMN "html" TEXT,
    ADD COLUMN "status" "MailStatus" NOT NULL DEFAULT 'queued',
    ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    ADD COLUMN "lastError" TEXT,
    ADD COLUMN "sentAt" TIMESTAMPTZ(3),
    ADD COLUMN "claimedBy" INTEGER,
    ADD COLUMN "claimedUntil" TIMESTAMPTZ(3);

-- Mail queued before there was delivery was never sent: it stays where it was read, in the outbox.
UPDATE "OutboxMessage" SET "status" = 'kept', "messageId" = '<' || "id" || '@tokenrail.local>';
ALTER TABLE "OutboxMessage" ALTER COLUMN "messageId" SET NOT NULL;

DROP INDEX "OutboxMessage_to_idx";
CREATE UNIQUE INDEX "OutboxMessage_messageId_key" ON "OutboxMessage"("messageId");
CREATE INDEX "OutboxMessage_to_createdAt_idx" ON "OutboxMessage"("to", "createdAt");
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");
CREATE INDEX "OutboxMessage_createdAt_idx" ON "OutboxMessage"("createdAt");
