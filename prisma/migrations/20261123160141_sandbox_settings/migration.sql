-- CreateTable
CREATE TABLE "SandboxSettings" (
    "id" UUID NOT NULL,
    "autoApprove" BOOLEAN NOT NULL,
    "autoApproveDelaySeconds" INTEGER NOT NULL,
    "autoProcess" BOOLEAN NOT NULL,
    "autoProcessDelaySeconds" INTEGER NOT NULL,
    "clockOffsetSeconds" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "SandboxSettings_pkey" PRIMARY KEY ("id")
);

-- One row only, and the bounds the API enforces, whatever writes it.
ALTER TABLE "SandboxSettings" ADD CONSTRAINT "SandboxSettings_one_row" CHECK ("id" = '5a4db0c5-0000-4000-8000-000000000001');
ALTER TABLE "SandboxSettings" ADD CONSTRAINT "SandboxSettings_clock_offset" CHECK ("clockOffsetSeconds" BETWEEN 0 AND 2592000);
ALTER TABLE "SandboxSettings" ADD CONSTRAINT "SandboxSettings_delays" CHECK ("autoApproveDelaySeconds" BETWEEN 0 AND 999999 AND "autoProcessDelaySeconds" BETWEEN 0 AND 999999);
