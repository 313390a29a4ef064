-- CreateTable
CREATE TABLE "PendingSignature" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "profileId" UUID NOT NULL,
    "chain" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "msgHash" TEXT NOT NULL,
    "requestedById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "completedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PendingSignature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatedTokenBalance" (
    "chain" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "units" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "SimulatedTokenBalance_pkey" PRIMARY KEY ("chain","currency","addressKey")
);

-- CreateTable
CREATE TABLE "SimulatedSmartAccount" (
    "chain" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "owners" TEXT[],
    "threshold" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatedSmartAccount_pkey" PRIMARY KEY ("chain","addressKey")
);

-- CreateTable
CREATE TABLE "SimulatedSignedMessage" (
    "chain" TEXT NOT NULL,
    "addressKey" TEXT NOT NULL,
    "msgHash" TEXT NOT NULL,
    "emittedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatedSignedMessage_pkey" PRIMARY KEY ("chain","addressKey","msgHash")
);

-- CreateIndex
CREATE INDEX "PendingSignature_profileId_completedAt_idx" ON "PendingSignature"("profileId", "completedAt");

-- CreateIndex
CREATE INDEX "PendingSignature_completedAt_expiresAt_idx" ON "PendingSignature"("completedAt", "expiresAt");
