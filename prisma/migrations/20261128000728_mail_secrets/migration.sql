-- A mail's secret (a reset or invitation link's token, a sign-up code) is kept apart from its content, sealed, and in
-- production only until delivery ends (server/mail/mail-secret.ts).
ALTER TABLE "OutboxMessage" ADD COLUMN "secretSealed" TEXT;

-- Mail delivered or given up before keeps no secret either: its links' tokens and its code become the mark, which the
-- outbox shows redacted, and its stored HTML goes (the outbox renders the content instead). Mail still on its way is
-- delivered as it was written.
UPDATE "OutboxMessage" SET
    "content" = CASE
        WHEN "content" IS NULL THEN NULL
        ELSE (CASE
                WHEN "content" ? 'code' THEN jsonb_set("content", '{code}', '"{{secret}}"')
                ELSE "content" END)
            || (CASE
                WHEN "content" -> 'action' ? 'url' THEN jsonb_build_object('action', jsonb_set("content" -> 'action',
                    '{url}', to_jsonb(regexp_replace("content" -> 'action' ->> 'url', '([?&]token=)[^&#]*',
                    '\1{{secret}}', 'g'))))
                ELSE '{}'::jsonb END)
        END,
    "body" = regexp_replace(
        CASE WHEN "kind" = 'email-verification'
            THEN regexp_replace("body", '(^|\n)[0-9]{6}(\n|$)', '\1{{secret}}\2', 'g')
            ELSE "body" END,
        '([?&]token=)[A-Za-z0-9_-]+', '\1{{secret}}', 'g'),
    "html" = NULL
WHERE "kind" IN ('password-setup', 'password-reset', 'operator-invitation', 'email-verification')
    AND "status" IN ('sent', 'failed');
