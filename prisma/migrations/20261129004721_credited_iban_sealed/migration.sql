-- The IBAN a credit was sent to (a customer's own) is sealed at rest (C70; server/keys/sealed-columns.ts): the columns
-- become JSON, holding the plain number until the sealing pass seals it in place. Nothing looks these rows up by it.
ALTER TABLE "BankEntry" ALTER COLUMN "iban" SET DATA TYPE JSONB USING to_jsonb("iban");

ALTER TABLE "IncomingPayment" ALTER COLUMN "iban" SET DATA TYPE JSONB USING to_jsonb("iban");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
