-- An operator invitation's address, a compliance case's decision reason and its history's notes are sealed at rest
-- (C70; server/keys/sealed-columns.ts): the columns become JSON, holding the plain text until the sealing pass seals
-- it in place. An invitation is found by its token's hash, a case and its events by id: nothing looks these up by
-- the values, so they have no blind index.
ALTER TABLE "OperatorInvitation" ALTER COLUMN "email" SET DATA TYPE JSONB USING to_jsonb("email");

ALTER TABLE "ComplianceCase" ALTER COLUMN "reason" SET DATA TYPE JSONB USING to_jsonb("reason");

ALTER TABLE "ComplianceCaseEvent" ALTER COLUMN "note" SET DATA TYPE JSONB USING to_jsonb("note");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
