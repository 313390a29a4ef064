-- Issue 31: "Forgot password?" queues every request alike; a job mails the link to addresses with an account (C55).

-- CreateTable
CREATE TABLE "PasswordResetRequest" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PasswordResetRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PasswordResetRequest_requestedAt_idx" ON "PasswordResetRequest"("requestedAt");
