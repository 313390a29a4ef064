-- CreateEnum
CREATE TYPE "SectionState" AS ENUM ('incomplete', 'pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "KycSection" AS ENUM ('details', 'form', 'verification');

-- CreateEnum
CREATE TYPE "KycModel" AS ENUM ('sharing', 'reliance');

-- AlterTable
ALTER TABLE "Application" ADD COLUMN     "kycModel" "KycModel" NOT NULL DEFAULT 'sharing';

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "kycModel" "KycModel" NOT NULL DEFAULT 'sharing',
ADD COLUMN     "stateReason" TEXT;

-- CreateTable
CREATE TABLE "ProfileSubmission" (
    "id" UUID NOT NULL,
    "profileId" UUID NOT NULL,
    "section" "KycSection" NOT NULL,
    "kind" TEXT NOT NULL DEFAULT '',
    "state" "SectionState" NOT NULL,
    "data" JSONB NOT NULL,
    "submittedById" UUID,
    "submittedAt" TIMESTAMPTZ(3) NOT NULL,
    "decidedAt" TIMESTAMPTZ(3),
    "reason" TEXT,

    CONSTRAINT "ProfileSubmission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "profileId" UUID NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadedById" UUID NOT NULL,
    "applicationId" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProfileSubmission_profileId_section_kind_key" ON "ProfileSubmission"("profileId", "section", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "DomainEvent_seq_key" ON "DomainEvent"("seq");

-- CreateIndex
CREATE INDEX "DomainEvent_profileId_idx" ON "DomainEvent"("profileId");

-- CreateIndex
CREATE INDEX "StoredFile_uploadedById_idx" ON "StoredFile"("uploadedById");

-- AddForeignKey
ALTER TABLE "ProfileSubmission" ADD CONSTRAINT "ProfileSubmission_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
