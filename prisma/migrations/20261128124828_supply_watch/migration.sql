-- AlterEnum
ALTER TYPE "ChainTransactionState" ADD VALUE 'held';

-- AlterTable
ALTER TABLE "ChainTransaction" ADD COLUMN     "admittedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "SupplyCheck" (
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "onChainMinor" BIGINT NOT NULL,
    "outstandingMinor" BIGINT NOT NULL,
    "mintsInFlightMinor" BIGINT NOT NULL,
    "burnsInFlightMinor" BIGINT NOT NULL,
    "differenceMinor" BIGINT NOT NULL,
    "checkedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SupplyCheck_pkey" PRIMARY KEY ("chain","currency","date")
);

-- CreateTable
CREATE TABLE "SupplyAlert" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "onChainMinor" BIGINT NOT NULL,
    "outstandingMinor" BIGINT NOT NULL,
    "differenceMinor" BIGINT NOT NULL,
    "raisedAt" TIMESTAMPTZ(3) NOT NULL,
    "openKey" TEXT,
    "acknowledgedAt" TIMESTAMPTZ(3),
    "acknowledgedById" UUID,
    "note" TEXT,

    CONSTRAINT "SupplyAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupplyCheck_date_idx" ON "SupplyCheck"("date");

-- CreateIndex
CREATE UNIQUE INDEX "SupplyAlert_seq_key" ON "SupplyAlert"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "SupplyAlert_openKey_key" ON "SupplyAlert"("openKey");
