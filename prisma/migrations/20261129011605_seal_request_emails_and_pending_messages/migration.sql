-- Issue 33 (C70): an /auth request's e-mail hint, a queued password reset's address and the text a pending Safe
-- signature must sign (it names the payee's IBAN and amount) are sealed at rest (server/keys/sealed-columns.ts). The
-- columns become JSON, holding the plain value until the sealing pass seals it in place. A request and a password
-- reset are found by their address (revoking a person's sign-ins, erasure), so each gets a blind index ("emailIndex",
-- server/keys/blind-index.ts); a row written before is found by its plain value until the sealing pass indexes it.
-- An open request is found among those not yet expired ("expiresAt" index), so its index needs no index of its own.
ALTER TABLE "AuthorizationRequest" ADD COLUMN "emailIndex" TEXT,
    ALTER COLUMN "email" SET DATA TYPE JSONB USING to_jsonb("email");

ALTER TABLE "PasswordResetRequest" ADD COLUMN "emailIndex" TEXT,
    ALTER COLUMN "email" SET DATA TYPE JSONB USING to_jsonb("email");

ALTER TABLE "PendingSignature" ALTER COLUMN "message" SET DATA TYPE JSONB USING to_jsonb("message");

CREATE INDEX "PasswordResetRequest_emailIndex_idx" ON "PasswordResetRequest"("emailIndex");

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
