-- A profile's name and the operator's reason for its state are sealed at rest (C70; server/keys/sealed-columns.ts):
-- the columns become JSON, holding the plain value until the sealing pass seals it in place.
ALTER TABLE "Profile" ALTER COLUMN "name" DROP DEFAULT,
    ALTER COLUMN "name" SET DATA TYPE JSONB USING to_jsonb("name"),
    ALTER COLUMN "name" SET DEFAULT '""',
    ALTER COLUMN "stateReason" SET DATA TYPE JSONB USING to_jsonb("stateReason");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
