-- Issue 24: the bank rail. Bank files in and out, each booked entry once, payouts in payment files with their
-- states, and safeguarding per statement day.

ALTER TABLE "Order" ADD COLUMN "paymentFileId" UUID, ADD COLUMN "endToEndId" TEXT;

CREATE TYPE "PayoutState" AS ENUM ('instructed', 'batched', 'released', 'accepted', 'debited', 'rejected', 'returned');

ALTER TABLE "Payout" ALTER COLUMN "orderId" DROP NOT NULL;
ALTER TABLE "Payout"
  ADD COLUMN "bankEntryId" UUID,
  ADD COLUMN "endToEndId" TEXT,
  ADD COLUMN "remittance" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "state" "PayoutState" NOT NULL DEFAULT 'instructed',
  ADD COLUMN "fileId" UUID,
  ADD COLUMN "releasedAt" TIMESTAMPTZ(3),
  ADD COLUMN "settledAt" TIMESTAMPTZ(3),
  ADD COLUMN "reasonCode" TEXT,
  ADD COLUMN "reissueOrderId" UUID;
-- Payouts recorded before payment files existed were sent by the sandbox bank at once: released, under the order's id.
UPDATE "Payout" SET "endToEndId" = replace("orderId"::text, '-', ''), "state" = 'released', "releasedAt" = "sentAt";
ALTER TABLE "Payout" ALTER COLUMN "endToEndId" SET NOT NULL;
CREATE UNIQUE INDEX "Payout_bankEntryId_key" ON "Payout"("bankEntryId");
CREATE UNIQUE INDEX "Payout_endToEndId_key" ON "Payout"("endToEndId");
CREATE UNIQUE INDEX "Payout_reissueOrderId_key" ON "Payout"("reissueOrderId");
CREATE INDEX "Payout_state_sentAt_idx" ON "Payout"("state", "sentAt");
CREATE INDEX "Payout_fileId_idx" ON "Payout"("fileId");

CREATE TYPE "BankFileDirection" AS ENUM ('inbound', 'outbound');
CREATE TYPE "BankFileState" AS ENUM ('imported', 'written', 'released', 'delivered');

CREATE TABLE "BankFile" (
  "id" UUID NOT NULL,
  "seq" BIGSERIAL NOT NULL,
  "direction" "BankFileDirection" NOT NULL,
  "message" TEXT NOT NULL,
  "messageId" TEXT NOT NULL,
  "sha256" TEXT NOT NULL,
  "size" INTEGER NOT NULL,
  "name" TEXT NOT NULL,
  "source" TEXT NOT NULL,
  "state" "BankFileState" NOT NULL,
  "content" BYTEA,
  "summary" JSONB NOT NULL DEFAULT '{}',
  "accountIban" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL,
  "createdById" UUID,
  "releasedAt" TIMESTAMPTZ(3),
  "releasedById" UUID,
  "deliveredAt" TIMESTAMPTZ(3),
  CONSTRAINT "BankFile_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BankFile_seq_key" ON "BankFile"("seq");
CREATE UNIQUE INDEX "BankFile_direction_messageId_key" ON "BankFile"("direction", "messageId");
CREATE INDEX "BankFile_direction_seq_idx" ON "BankFile"("direction", "seq");

CREATE TYPE "BankEntryOutcome" AS ENUM (
  'minted', 'unmatched', 'assigned', 'returned', 'payout_debit', 'payout_return', 'ignored'
);

CREATE TABLE "BankEntry" (
  "id" UUID NOT NULL,
  "seq" BIGSERIAL NOT NULL,
  "identity" TEXT NOT NULL,
  "fileId" UUID NOT NULL,
  "side" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "amountMinor" BIGINT NOT NULL,
  "currency" TEXT NOT NULL,
  "bookingDate" DATE,
  "valueDate" DATE,
  "iban" TEXT,
  "debtorName" TEXT,
  "debtorIban" TEXT,
  "remittance" TEXT,
  "endToEndId" TEXT,
  "returnReason" TEXT,
  "outcome" "BankEntryOutcome" NOT NULL,
  "problem" TEXT,
  "orderId" UUID,
  "payoutId" UUID,
  "createdAt" TIMESTAMPTZ(3) NOT NULL,
  "resolvedAt" TIMESTAMPTZ(3),
  "resolvedById" UUID,
  CONSTRAINT "BankEntry_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "BankEntry_seq_key" ON "BankEntry"("seq");
CREATE UNIQUE INDEX "BankEntry_identity_key" ON "BankEntry"("identity");
CREATE INDEX "BankEntry_outcome_seq_idx" ON "BankEntry"("outcome", "seq");
CREATE INDEX "BankEntry_fileId_idx" ON "BankEntry"("fileId");

CREATE TABLE "BankFileEntry" (
  "fileId" UUID NOT NULL,
  "index" INTEGER NOT NULL,
  "entryId" UUID,
  "result" TEXT NOT NULL,
  "note" TEXT,
  CONSTRAINT "BankFileEntry_pkey" PRIMARY KEY ("fileId", "index")
);
CREATE INDEX "BankFileEntry_entryId_idx" ON "BankFileEntry"("entryId");

CREATE TABLE "SafeguardingDay" (
  "id" UUID NOT NULL,
  "accountIban" TEXT NOT NULL,
  "date" DATE NOT NULL,
  "currency" TEXT NOT NULL,
  "fileId" UUID NOT NULL,
  "closingMinor" BIGINT NOT NULL,
  "outstandingMinor" BIGINT NOT NULL,
  "payoutsInFlightMinor" BIGINT NOT NULL,
  "creditsUnmintedMinor" BIGINT NOT NULL,
  "differenceMinor" BIGINT NOT NULL,
  "computedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "SafeguardingDay_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SafeguardingDay_accountIban_date_currency_key" ON "SafeguardingDay"("accountIban", "date", "currency");
