-- CreateTable
CREATE TABLE "MonitoringRule" (
    "id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "parameters" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedById" UUID,

    CONSTRAINT "MonitoringRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitoringDryRun" (
    "id" UUID NOT NULL,
    "ruleKey" TEXT NOT NULL,
    "digest" TEXT NOT NULL,
    "currentDigest" TEXT NOT NULL,
    "proposal" JSONB NOT NULL,
    "from" TIMESTAMPTZ(3) NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    "currentCount" INTEGER NOT NULL,
    "proposedCount" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "createdById" UUID NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "MonitoringDryRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MonitoringAlert" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "alertKey" TEXT NOT NULL,
    "ruleKey" TEXT NOT NULL,
    "profileId" UUID NOT NULL,
    "subjectKind" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "explanation" TEXT NOT NULL,
    "windowFrom" TIMESTAMPTZ(3) NOT NULL,
    "windowUntil" TIMESTAMPTZ(3) NOT NULL,
    "related" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "raisedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MonitoringAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MonitoringRule_key_key" ON "MonitoringRule"("key");

-- CreateIndex
CREATE INDEX "MonitoringDryRun_ruleKey_createdAt_idx" ON "MonitoringDryRun"("ruleKey", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "MonitoringAlert_seq_key" ON "MonitoringAlert"("seq");

-- CreateIndex
CREATE UNIQUE INDEX "MonitoringAlert_alertKey_key" ON "MonitoringAlert"("alertKey");

-- CreateIndex
CREATE INDEX "MonitoringAlert_profileId_seq_idx" ON "MonitoringAlert"("profileId", "seq");

-- The default rules (docs/compliance.md "Monitoring" says why these figures). Amounts are EUR decimal strings.
INSERT INTO "MonitoringRule" ("id", "key", "enabled", "parameters", "updatedAt") VALUES
  ('6d6f6e69-0000-4000-8000-000000000001', 'large-amount', true,
   '{"threshold": "10000.00"}', CURRENT_TIMESTAMP),
  ('6d6f6e69-0000-4000-8000-000000000002', 'period-total', true,
   '{"threshold": "15000.00", "windowDays": 30}', CURRENT_TIMESTAMP),
  ('6d6f6e69-0000-4000-8000-000000000003', 'structuring', true,
   '{"threshold": "10000.00", "lowerPercent": 90, "count": 3, "windowDays": 7}', CURRENT_TIMESTAMP),
  ('6d6f6e69-0000-4000-8000-000000000004', 'pass-through', true,
   '{"minimumCredit": "1000.00", "redeemPercent": 80, "windowHours": 48}', CURRENT_TIMESTAMP),
  ('6d6f6e69-0000-4000-8000-000000000005', 'new-profile-volume', true,
   '{"profileAgeDays": 30, "threshold": "5000.00"}', CURRENT_TIMESTAMP),
  ('6d6f6e69-0000-4000-8000-000000000006', 'high-risk-country', true,
   '{"minimumAmount": "0.00"}', CURRENT_TIMESTAMP);
