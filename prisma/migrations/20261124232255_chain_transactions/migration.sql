-- CreateEnum
CREATE TYPE "ChainTransactionKind" AS ENUM ('mint', 'burn');

-- CreateEnum
CREATE TYPE "ChainTransactionState" AS ENUM ('queued', 'signed', 'sent', 'confirmed', 'failed');

-- CreateTable
CREATE TABLE "ChainTransaction" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "orderId" UUID NOT NULL,
    "kind" "ChainTransactionKind" NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "units" DECIMAL(78,0) NOT NULL,
    "sender" TEXT NOT NULL,
    "state" "ChainTransactionState" NOT NULL,
    "nonce" INTEGER,
    "rawTx" TEXT,
    "txHash" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "notBefore" TIMESTAMPTZ(3) NOT NULL,
    "lastError" TEXT,
    "operator" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "sentAt" TIMESTAMPTZ(3),
    "settledAt" TIMESTAMPTZ(3),

    CONSTRAINT "ChainTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChainTransaction_seq_key" ON "ChainTransaction"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "ChainTransaction_txHash_key" ON "ChainTransaction"("txHash");

-- CreateIndex
CREATE INDEX "ChainTransaction_state_chain_sender_seq_idx" ON "ChainTransaction"("state", "chain", "sender", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "ChainTransaction_orderId_attempt_key" ON "ChainTransaction"("orderId", "attempt");
