-- A person's address and name are sealed at rest (C70; server/keys/sealed-columns.ts): the columns become JSON, holding
-- the plain value until the sealing pass seals it in place, and the address is looked up through its blind index,
-- which the same pass fills for the rows here (lookups match a row without one by its plain address meanwhile).
DROP INDEX "User_email_key";

ALTER TABLE "User" ADD COLUMN "emailIndex" TEXT,
    ALTER COLUMN "email" SET DATA TYPE JSONB USING to_jsonb("email"),
    ALTER COLUMN "name" DROP DEFAULT,
    ALTER COLUMN "name" SET DATA TYPE JSONB USING to_jsonb("name"),
    ALTER COLUMN "name" SET DEFAULT '""';

CREATE UNIQUE INDEX "User_emailIndex_key" ON "User"("emailIndex");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
