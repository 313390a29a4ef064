-- AlterEnum
ALTER TYPE "OperatorRole" ADD VALUE 'compliance';

-- CreateTable
CREATE TABLE "SanctionsList" (
    "source" TEXT NOT NULL,
    "versionNumber" INTEGER NOT NULL DEFAULT 0,
    "publishedAt" TIMESTAMPTZ(3),
    "importedAt" TIMESTAMPTZ(3),
    "entryCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SanctionsList_pkey" PRIMARY KEY ("source")
);

-- CreateTable
CREATE TABLE "SanctionsListVersion" (
    "id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "fileDigest" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "origin" TEXT NOT NULL,
    "publishedAt" TIMESTAMPTZ(3),
    "publisherVersion" TEXT,
    "importedAt" TIMESTAMPTZ(3) NOT NULL,
    "importedById" UUID,
    "entryCount" INTEGER NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,

    CONSTRAINT "SanctionsListVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SanctionsEntry" (
    "id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "ref" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "primaryName" TEXT NOT NULL,
    "entry" JSONB NOT NULL,
    "since" INTEGER NOT NULL,

    CONSTRAINT "SanctionsEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SanctionsEntryChange" (
    "id" UUID NOT NULL,
    "versionId" UUID NOT NULL,
    "ref" TEXT NOT NULL,
    "change" TEXT NOT NULL,
    "after" JSONB,
    "before" JSONB,

    CONSTRAINT "SanctionsEntryChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SanctionsListVersion_source_number_key" ON "SanctionsListVersion"("source", "number");

-- CreateIndex
CREATE UNIQUE INDEX "SanctionsListVersion_source_fileDigest_key" ON "SanctionsListVersion"("source", "fileDigest");

-- CreateIndex
CREATE UNIQUE INDEX "SanctionsEntry_source_ref_key" ON "SanctionsEntry"("source", "ref");

-- CreateIndex
CREATE INDEX "SanctionsEntryChange_versionId_idx" ON "SanctionsEntryChange"("versionId");

-- AddForeignKey
ALTER TABLE "SanctionsListVersion" ADD CONSTRAINT "SanctionsListVersion_importedById_fkey" FOREIGN KEY ("importedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SanctionsListVersion" ADD CONSTRAINT "SanctionsListVersion_source_fkey" FOREIGN KEY ("source") REFERENCES "SanctionsList"("source") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SanctionsEntryChange" ADD CONSTRAINT "SanctionsEntryChange_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SanctionsListVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
