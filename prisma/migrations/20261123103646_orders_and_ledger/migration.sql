-- CreateEnum
CREATE TYPE "OrderKind" AS ENUM ('issue', 'redeem');

-- CreateEnum
CREATE TYPE "OrderState" AS ENUM ('placed', 'pending', 'processed', 'rejected');

-- CreateEnum
CREATE TYPE "LedgerAccountKind" AS ENUM ('wallet', 'issuance', 'redemption', 'holds');

-- AlterTable
ALTER TABLE "PendingSignature" ADD COLUMN     "orderId" UUID;

-- CreateTable
CREATE TABLE "Order" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "kind" "OrderKind" NOT NULL,
    "profileId" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "counterpart" JSONB NOT NULL,
    "memo" TEXT NOT NULL,
    "referenceNumber" TEXT,
    "state" "OrderState" NOT NULL,
    "message" TEXT,
    "signature" TEXT,
    "messageKey" TEXT,
    "signedAt" TIMESTAMPTZ(3),
    "supportingDocumentId" UUID,
    "placedAt" TIMESTAMPTZ(3) NOT NULL,
    "processedAt" TIMESTAMPTZ(3),
    "rejectedReason" TEXT,
    "txHashes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "chainAttemptAt" TIMESTAMPTZ(3),
    "requestHash" TEXT,
    "idempotencyKey" TEXT,
    "placedById" UUID,
    "parentOrderId" UUID,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IncomingPayment" (
    "id" UUID NOT NULL,
    "bankReference" TEXT NOT NULL,
    "iban" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "memo" TEXT,
    "debtor" JSONB NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL,
    "orderId" UUID NOT NULL,

    CONSTRAINT "IncomingPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payout" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "bankReference" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "counterpart" JSONB NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerAccount" (
    "id" UUID NOT NULL,
    "kind" "LedgerAccountKind" NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL DEFAULT '',
    "profileId" UUID,
    "balanceMinor" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "LedgerAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerTransaction" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LedgerTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" BIGSERIAL NOT NULL,
    "transactionId" UUID NOT NULL,
    "accountId" UUID NOT NULL,
    "amountMinor" BIGINT NOT NULL,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Order_seq_key" ON "Order"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "Order_messageKey_key" ON "Order"("messageKey");

-- CreateIndex
CREATE UNIQUE INDEX "Order_idempotencyKey_key" ON "Order"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Order_parentOrderId_key" ON "Order"("parentOrderId");

-- CreateIndex
CREATE INDEX "Order_profileId_seq_idx" ON "Order"("profileId", "seq");

-- CreateIndex
CREATE INDEX "Order_addressKey_seq_idx" ON "Order"("addressKey", "seq");

-- CreateIndex
CREATE INDEX "Order_profileId_memo_seq_idx" ON "Order"("profileId", "memo", "seq");

-- CreateIndex
CREATE INDEX "Order_state_seq_idx" ON "Order"("state", "seq");

-- CreateIndex
CREATE INDEX "Order_txHashes_idx" ON "Order" USING GIN ("txHashes");

-- CreateIndex
CREATE UNIQUE INDEX "IncomingPayment_bankReference_key" ON "IncomingPayment"("bankReference");

-- CreateIndex
CREATE UNIQUE INDEX "IncomingPayment_orderId_key" ON "IncomingPayment"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_orderId_key" ON "Payout"("orderId");

-- CreateIndex
CREATE INDEX "LedgerAccount_profileId_idx" ON "LedgerAccount"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerAccount_kind_chain_currency_addressKey_key" ON "LedgerAccount"("kind", "chain", "currency", "addressKey");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerTransaction_seq_key" ON "LedgerTransaction"("seq");

-- CreateIndex
CREATE INDEX "LedgerTransaction_orderId_idx" ON "LedgerTransaction"("orderId");

-- CreateIndex
CREATE INDEX "LedgerEntry_accountId_idx" ON "LedgerEntry"("accountId");

-- CreateIndex
CREATE INDEX "LedgerEntry_transactionId_idx" ON "LedgerEntry"("transactionId");

-- CreateIndex
CREATE UNIQUE INDEX "PendingSignature_orderId_key" ON "PendingSignature"("orderId");

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_transactionId_fkey" FOREIGN KEY ("transactionId") REFERENCES "LedgerTransaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "LedgerAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Rules the ledger keeps whatever code writes to it (not expressible in the Prisma schema).

-- A wallet or the holds can never go below zero: concurrent redeem orders cannot overdraw (C33).
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_not_overdrawn"
  CHECK ("kind" IN ('issuance', 'redemption') OR "balanceMinor" >= 0);

ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_not_zero" CHECK ("amountMinor" <> 0);

ALTER TABLE "Order" ADD CONSTRAINT "Order_amount_positive" CHECK ("amountMinor" > 0);

-- Entries and transactions are written once: corrections are new, reversing transactions (C34).
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$;

CREATE TRIGGER "LedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "LedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();

CREATE TRIGGER "LedgerTransaction_append_only" BEFORE UPDATE OR DELETE ON "LedgerTransaction"
  FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();

-- Every transaction nets to zero. Its entries are inserted by one statement, so the check runs per statement (a
-- deferred, commit-time check would be lost on PGlite, whose Prisma adapter does not report errors at commit).
CREATE FUNCTION "ledger_transaction_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  off RECORD;
BEGIN
  SELECT e."transactionId" AS id, SUM(e."amountMinor") AS total INTO off
  FROM "LedgerEntry" e
  WHERE e."transactionId" IN (SELECT DISTINCT "transactionId" FROM inserted)
  GROUP BY e."transactionId"
  HAVING SUM(e."amountMinor") <> 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (off by %)', off.id, off.total;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "LedgerEntry_transaction_balances" AFTER INSERT ON "LedgerEntry"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transaction_balances"();
