-- CreateTable
CREATE TABLE "SubjectKey" (
    "id" UUID NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "key" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "destroyedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SubjectKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SubjectKey_subjectType_subjectId_key" ON "SubjectKey"("subjectType", "subjectId");

-- Crypto-shredding (C71; server/keys/subject-keys.ts): what an audit entry or approval says of a customer is sealed
-- under the customer's own key, `{"sealed":"s1.<subject key>.<wrapped data key>.<iv>.<ciphertext>"}`, and erasing the
-- customer destroys that key. The log stays append-only; besides a plain value sealed and a sealed one re-wrapped
-- under another key-encryption key, its trigger now lets a value sealed under the instance's keyring move under a
-- subject key that exists: the same ciphertext (iv and body) with its data key wrapped by the subject key instead. A
-- value under a subject key is never changed again (it is made plain, re-sealed or moved by nothing), so erasing
-- the subject needs no update of the log at all.
CREATE OR REPLACE FUNCTION "audit_value_sealed"(kept JSONB, written JSONB) RETURNS BOOLEAN LANGUAGE sql STABLE AS $$
  SELECT kept IS NOT DISTINCT FROM written OR (
    kept IS NOT NULL AND written IS NOT NULL
    AND jsonb_typeof(written) = 'object' AND (SELECT count(*) FROM jsonb_object_keys(written)) = 1
    AND jsonb_typeof(written->'sealed') = 'string'
    AND NOT (jsonb_typeof(kept) = 'object' AND kept ? 'sealed' AND jsonb_typeof(kept->'sealed') = 'string'
      AND (kept->>'sealed') LIKE 's1.%')
    AND CASE
      WHEN (written->>'sealed') LIKE 'v1.%' THEN true
      WHEN (written->>'sealed') LIKE 's1.%' THEN
        EXISTS (SELECT 1 FROM "SubjectKey" k WHERE k.id::text = split_part(written->>'sealed', '.', 2))
      ELSE false
    END
    AND CASE
      WHEN jsonb_typeof(kept) = 'object' AND kept ? 'sealed' AND jsonb_typeof(kept->'sealed') = 'string'
        AND (kept->>'sealed') LIKE 'v1.%'
      THEN split_part(kept->>'sealed', '.', 4) = split_part(written->>'sealed', '.', 4)
        AND split_part(kept->>'sealed', '.', 5) = split_part(written->>'sealed', '.', 5)
      ELSE true
    END)
$$;

-- The sealing pass runs again: it seals the new column and moves the values of existing audit entries and approvals
-- that belong to a customer under the customer's key (those of customers erased before, under a key destroyed at once).
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
