-- AlterEnum
ALTER TYPE "ProfileState" ADD VALUE 'closed';

-- AlterTable
ALTER TABLE "Profile" ADD COLUMN     "closedAt" TIMESTAMPTZ(3),
ADD COLUMN     "erasedAt" TIMESTAMPTZ(3),
ADD COLUMN     "erasureRequestedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "ProfileErasure" (
    "profileId" UUID NOT NULL,
    "cause" TEXT NOT NULL,
    "erasedAt" TIMESTAMPTZ(3) NOT NULL,
    "counts" JSONB NOT NULL,
    "pendingKeys" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ProfileErasure_pkey" PRIMARY KEY ("profileId")
);

-- CreateIndex
CREATE INDEX "ProfileErasure_finishedAt_idx" ON "ProfileErasure"("finishedAt");

-- CreateIndex
CREATE INDEX "Profile_state_closedAt_idx" ON "Profile"("state", "closedAt");
