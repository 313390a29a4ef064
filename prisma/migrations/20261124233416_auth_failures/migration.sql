-- CreateTable
CREATE TABLE "AuthFailure" (
    "id" BIGSERIAL NOT NULL,
    "limiter" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AuthFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthFailure_at_idx" ON "AuthFailure"("at");
