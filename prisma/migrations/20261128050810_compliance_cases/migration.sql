-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "frozenAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ComplianceCase" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "profileId" UUID,
    "subjectKind" TEXT NOT NULL,
    "subjectName" TEXT NOT NULL,
    "holds" TEXT NOT NULL DEFAULT '',
    "holdsId" TEXT,
    "listSource" TEXT,
    "listRef" TEXT,
    "score" DOUBLE PRECISION,
    "detail" JSONB NOT NULL,
    "openKey" TEXT,
    "matchKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "decidedAt" TIMESTAMPTZ(3),
    "decidedById" UUID,
    "reason" TEXT,

    CONSTRAINT "ComplianceCase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplianceCaseEvent" (
    "id" UUID NOT NULL,
    "caseId" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actorId" UUID,
    "action" TEXT NOT NULL,
    "note" TEXT,

    CONSTRAINT "ComplianceCaseEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceCase_seq_key" ON "ComplianceCase"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "ComplianceCase_openKey_key" ON "ComplianceCase"("openKey");

-- CreateIndex
CREATE INDEX "ComplianceCase_state_seq_idx" ON "ComplianceCase"("state", "seq");

-- CreateIndex
CREATE INDEX "ComplianceCase_profileId_idx" ON "ComplianceCase"("profileId");

-- CreateIndex
CREATE INDEX "ComplianceCase_matchKey_idx" ON "ComplianceCase"("matchKey");

-- CreateIndex
CREATE INDEX "ComplianceCaseEvent_caseId_at_idx" ON "ComplianceCaseEvent"("caseId", "at");

-- AddForeignKey
ALTER TABLE "ComplianceCaseEvent" ADD CONSTRAINT "ComplianceCaseEvent_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "ComplianceCase"("id") ON DELETE CASCADE ON UPDATE CASCADE;
