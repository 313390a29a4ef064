-- AlterEnum
ALTER TYPE "LedgerAccountKind" ADD VALUE 'external';

-- CreateTable
CREATE TABLE "ChainTransfer" (
    "id" UUID NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "txHash" TEXT NOT NULL,
    "logIndex" INTEGER NOT NULL,
    "fromKey" TEXT NOT NULL,
    "toKey" TEXT NOT NULL,
    "units" DECIMAL(78,0) NOT NULL,
    "position" BIGINT NOT NULL,
    "ledgerTxId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ChainTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChainTransferCursor" (
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "position" BIGINT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ChainTransferCursor_pkey" PRIMARY KEY ("chain","currency")
);

-- CreateTable
CREATE TABLE "SimulatedTransfer" (
    "seq" BIGSERIAL NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "fromKey" TEXT NOT NULL,
    "toKey" TEXT NOT NULL,
    "units" DECIMAL(78,0) NOT NULL,
    "txHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SimulatedTransfer_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "ChainTransfer_chain_txHash_logIndex_key" ON "ChainTransfer"("chain", "txHash", "logIndex");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatedTransfer_txHash_key" ON "SimulatedTransfer"("txHash");

-- CreateIndex
CREATE INDEX "SimulatedTransfer_chain_currency_seq_idx" ON "SimulatedTransfer"("chain", "currency", "seq");
