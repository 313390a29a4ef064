-- CreateTable
CREATE TABLE "MonitoringSweep" (
    "day" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "claimedBy" TEXT NOT NULL,
    "leaseUntil" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),
    "alerts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "MonitoringSweep_pkey" PRIMARY KEY ("day")
);
