-- CreateTable
CREATE TABLE "KeyWork" (
    "name" TEXT NOT NULL,
    "kekId" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "claimedBy" INTEGER,
    "claimedUntil" TIMESTAMPTZ(3),
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "KeyWork_pkey" PRIMARY KEY ("name")
);
