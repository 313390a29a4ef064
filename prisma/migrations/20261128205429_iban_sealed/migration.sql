-- Our issued IBANs are sealed at rest (C70; server/keys/sealed-columns.ts): the column becomes JSON, holding the plain
-- number until the sealing pass seals it in place, and credits are routed through the number's blind index, which the
-- same pass fills for the rows here (lookups match a row without one by its plain number meanwhile).
DROP INDEX "Iban_iban_key";

ALTER TABLE "Iban" ADD COLUMN "ibanIndex" TEXT,
    ALTER COLUMN "iban" SET DATA TYPE JSONB USING to_jsonb("iban");

CREATE UNIQUE INDEX "Iban_ibanIndex_key" ON "Iban"("ibanIndex");

-- The sealing pass ran once before this column was sealed: it runs again for it.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
