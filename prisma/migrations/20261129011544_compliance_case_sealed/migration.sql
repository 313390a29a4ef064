-- A compliance case's subject name and detail (the subject as screened, the list entry and why it matched, or the
-- alert) are sealed at rest (C70; server/keys/sealed-columns.ts): the name becomes JSON, holding the plain name until
-- the sealing pass seals it in place; the detail is JSON already. Nothing looks cases up or sorts them by either.
ALTER TABLE "ComplianceCase" ALTER COLUMN "subjectName" SET DATA TYPE JSONB USING to_jsonb("subjectName");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
