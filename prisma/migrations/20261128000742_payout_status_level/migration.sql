-- Issue 31: the level of the pain.002 status (group, payment information, transaction) that moved a payout (C50).

-- CreateEnum
CREATE TYPE "PayoutStatusLevel" AS ENUM ('group', 'paymentInformation', 'transaction');

-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "statusLevel" "PayoutStatusLevel";
