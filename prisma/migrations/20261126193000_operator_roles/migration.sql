-- Issue 25: operator roles (C58) and four eyes (C59).

CREATE TYPE "OperatorRole" AS ENUM ('reviewer', 'treasurer', 'admin');

CREATE TABLE "Operator" (
    "userId" UUID NOT NULL,
    "roles" "OperatorRole"[],
    "disabledAt" TIMESTAMPTZ(3),
    "lastSeenAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "Operator_pkey" PRIMARY KEY ("userId")
);
ALTER TABLE "Operator" ADD CONSTRAINT "Operator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id")
  ON DELETE CASCADE ON UPDATE CASCADE;

-- Everyone who operated this instance before roles existed could do everything: they keep every role.
INSERT INTO "Operator" ("userId", "roles", "updatedAt")
  SELECT "id", ARRAY['reviewer', 'treasurer', 'admin']::"OperatorRole"[], CURRENT_TIMESTAMP
  FROM "User" WHERE 'admin' = ANY("roles");

CREATE TYPE "ApprovalState" AS ENUM ('pending', 'approved', 'rejected');

CREATE TABLE "OperatorApproval" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "payload" JSONB NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '',
    "state" "ApprovalState" NOT NULL DEFAULT 'pending',
    "pendingKey" TEXT,
    "requestedById" UUID NOT NULL,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL,
    "decidedById" UUID,
    "decidedAt" TIMESTAMPTZ(3),
    "note" TEXT,
    CONSTRAINT "OperatorApproval_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "OperatorApproval_seq_key" ON "OperatorApproval"("seq");
CREATE UNIQUE INDEX "OperatorApproval_pendingKey_key" ON "OperatorApproval"("pendingKey");
CREATE INDEX "OperatorApproval_state_seq_idx" ON "OperatorApproval"("state", "seq");
CREATE INDEX "OperatorApproval_subjectType_subjectId_idx" ON "OperatorApproval"("subjectType", "subjectId");
