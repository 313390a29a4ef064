-- CreateEnum
CREATE TYPE "IbanState" AS ENUM ('requested', 'approved', 'pending', 'rejected', 'closed');

-- CreateTable
CREATE TABLE "Iban" (
    "id" UUID NOT NULL,
    "profileId" UUID NOT NULL,
    "iban" TEXT,
    "bic" TEXT,
    "address" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "chain" TEXT NOT NULL,
    "state" "IbanState" NOT NULL DEFAULT 'requested',
    "emailNotifications" BOOLEAN NOT NULL DEFAULT true,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL,
    "requestedById" UUID,
    "provisionedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Iban_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Iban_profileId_key" ON "Iban"("profileId");

-- CreateIndex
CREATE UNIQUE INDEX "Iban_iban_key" ON "Iban"("iban");

-- CreateIndex
CREATE INDEX "Iban_addressKey_chain_idx" ON "Iban"("addressKey", "chain");

-- CreateIndex
CREATE INDEX "Iban_state_requestedAt_idx" ON "Iban"("state", "requestedAt");

-- AddForeignKey
ALTER TABLE "Iban" ADD CONSTRAINT "Iban_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Iban" ADD CONSTRAINT "Iban_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
