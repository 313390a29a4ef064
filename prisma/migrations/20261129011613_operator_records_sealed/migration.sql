-- What the operators' records say of a customer is sealed at rest (C70; server/keys/sealed-columns.ts): an audit
-- entry's before, after and reason (server/audit/audit-text.ts), and an approval's payload, summary and note
-- (server/approvals/approval-text.ts). The text columns become JSON, holding the plain value until the sealing pass
-- seals it in place; before, after and payload are JSON already. Who acted on what (actorEmail, action, subjectType,
-- subjectId) and an approval's pendingKey stay plain: nothing looks a row up by a sealed column.
ALTER TABLE "AuditEntry" ALTER COLUMN "reason" SET DATA TYPE JSONB USING to_jsonb("reason");

ALTER TABLE "OperatorApproval" ALTER COLUMN "summary" DROP DEFAULT,
    ALTER COLUMN "summary" SET DATA TYPE JSONB USING to_jsonb("summary"),
    ALTER COLUMN "summary" SET DEFAULT '""',
    ALTER COLUMN "note" SET DATA TYPE JSONB USING to_jsonb("note");

-- The audit log stays append-only, but an entry written in plain text before must be sealed in place, and a sealed one
-- re-wrapped after a key rotation: an UPDATE is allowed when it changes nothing but before, after and reason, and each
-- of those only from a plain value to a sealed one, or from a sealed value to the same ciphertext (iv and body) under
-- another key-encryption key. Anything else (a changed value, a sealed value made plain, another column) is refused as
-- before; DELETE and TRUNCATE are refused as before.
CREATE FUNCTION "audit_value_sealed"(kept JSONB, written JSONB) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
  SELECT kept IS NOT DISTINCT FROM written OR (
    kept IS NOT NULL AND written IS NOT NULL
    AND jsonb_typeof(written) = 'object' AND (SELECT count(*) FROM jsonb_object_keys(written)) = 1
    AND jsonb_typeof(written->'sealed') = 'string' AND (written->>'sealed') LIKE 'v1.%'
    AND CASE
      WHEN jsonb_typeof(kept) = 'object' AND kept ? 'sealed' AND jsonb_typeof(kept->'sealed') = 'string'
        AND (kept->>'sealed') LIKE 'v1.%'
      THEN split_part(kept->>'sealed', '.', 4) = split_part(written->>'sealed', '.', 4)
        AND split_part(kept->>'sealed', '.', 5) = split_part(written->>'sealed', '.', 5)
      ELSE true
    END)
$$;

CREATE FUNCTION "audit_update_seals_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - ARRAY['before', 'after', 'reason'] = to_jsonb(OLD) - ARRAY['before', 'after', 'reason']
    AND "audit_value_sealed"(OLD."before", NEW."before")
    AND "audit_value_sealed"(OLD."after", NEW."after")
    AND "audit_value_sealed"(OLD."reason", NEW."reason") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END;
$$;

DROP TRIGGER "AuditEntry_append_only" ON "AuditEntry";

CREATE TRIGGER "AuditEntry_append_only" BEFORE DELETE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION "audit_is_append_only"();

CREATE TRIGGER "AuditEntry_update_seals_only" BEFORE UPDATE ON "AuditEntry"
  FOR EACH ROW EXECUTE FUNCTION "audit_update_seals_only"();

-- The sealing pass ran once before these columns were sealed: it runs again for them.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
