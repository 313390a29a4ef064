-- CreateTable
CREATE TABLE "SanctionsRescreen" (
    "versionId" UUID NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "phase" TEXT NOT NULL DEFAULT 'profiles',
    "cursor" UUID,
    "claimedBy" INTEGER,
    "claimedUntil" TIMESTAMPTZ(3),
    "profilesScreened" INTEGER NOT NULL DEFAULT 0,
    "addressesScreened" INTEGER NOT NULL DEFAULT 0,
    "casesOpened" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SanctionsRescreen_pkey" PRIMARY KEY ("versionId")
);

-- CreateIndex
CREATE INDEX "SanctionsRescreen_state_idx" ON "SanctionsRescreen"("state");

-- AddForeignKey
ALTER TABLE "SanctionsRescreen" ADD CONSTRAINT "SanctionsRescreen_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SanctionsListVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
