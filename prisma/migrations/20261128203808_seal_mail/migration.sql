-- Issue 33 (C70): a mail's text, content and HTML rendering are sealed at rest (server/mail/mail-columns.ts). The
-- columns become JSON holding the sealed value; what was written before is kept as a JSON string (or the content's
-- object) until the key passes seal it in place (server/keys/seal-plain-records.ts).
ALTER TABLE "OutboxMessage"
  ALTER COLUMN "body" TYPE JSONB USING to_jsonb("body"),
  ALTER COLUMN "html" TYPE JSONB USING to_jsonb("html");

-- Domain events, webhook deliveries and mail join the sealed columns (server/keys/sealed-columns.ts): the pass that
-- seals what was written in plain text runs again at the next start, over every sealed column.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
  "startedAt" = NULL, "finishedAt" = NULL
WHERE name = 'seal-records';
