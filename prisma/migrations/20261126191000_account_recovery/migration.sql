-- Issue 25: accounts as a bank keeps them. E-mail verification at sign-up, password reset links, web sessions that end
-- when the password is set through a link, and applications that wait for an operator's approval in production.

ALTER TABLE "User" ADD COLUMN "emailVerifiedAt" TIMESTAMPTZ(3), ADD COLUMN "credentialVersion" INTEGER NOT NULL DEFAULT 0;
-- Everyone who has an account today counts as verified.
UPDATE "User" SET "emailVerifiedAt" = "createdAt";

ALTER TABLE "PasswordSetupToken" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'setup';

CREATE TABLE "EmailVerification" (
    "id" UUID NOT NULL,
    "ticketHash" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "codeHash" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sends" INTEGER NOT NULL DEFAULT 1,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailVerification_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "EmailVerification_ticketHash_key" ON "EmailVerification"("ticketHash");
CREATE INDEX "EmailVerification_userId_idx" ON "EmailVerification"("userId");
ALTER TABLE "EmailVerification" ADD CONSTRAINT "EmailVerification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "ApplicationReview" AS ENUM ('pending', 'approved', 'rejected');
-- Applications registered so far are in use: approved.
ALTER TABLE "Application" ADD COLUMN "review" "ApplicationReview" NOT NULL DEFAULT 'approved';
