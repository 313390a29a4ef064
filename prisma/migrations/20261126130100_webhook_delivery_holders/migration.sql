-- Issue 23: a webhook delivery claimed for an attempt names its claim holder (claim_holders), so the claims of an
-- instance that died are released as soon as any other instance looks, not when their hold lapses (C60).

ALTER TABLE "WebhookDelivery" ADD COLUMN "claimedBy" INTEGER;
-- Only claimed rows (those in flight): what the release looks through stays as small as the work under way.
CREATE INDEX "WebhookDelivery_claimed_idx" ON "WebhookDelivery"("claimedBy") WHERE "claimedBy" IS NOT NULL;

-- The fan-out as before (fan_out_function), its claimed deliveries now recording their holder, "p_holder".
DROP FUNCTION "fan_out_events"(int, timestamptz, boolean, int, int, int);

CREATE FUNCTION "fan_out_events"(
  "p_batch" int, "p_now" timestamptz, "p_claim" boolean, "p_wave" int, "p_ahead" int, "p_timeout_ms" int,
  "p_holder" int
) RETURNS TABLE (
  "events" int, "id" text, "attempts" int, "payload" text, "manual" boolean, "createdAt" timestamptz,
  "subscriptionId" uuid, "url" text, "secretSealed" text, "subscriptionState" text, "claimedBy" int
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH claimed AS (
    SELECT e.id, e.seq, e.type, e."profileId", e.data, e."createdAt" FROM "DomainEvent" e
    WHERE e."fannedOutAt" IS NULL ORDER BY e.seq LIMIT "p_batch" FOR UPDATE SKIP LOCKED),
  marked AS (
    UPDATE "DomainEvent" AS e SET "fannedOutAt" = "p_now" FROM claimed c WHERE e.id = c.id
    RETURNING e.id),
  matched AS (
    SELECT l.id AS "subscriptionId", c.id AS "eventId", c.type, c.seq, count(*) OVER () AS n,
           '{"type":' || to_json(c.type)::text
             || ',"timestamp":' || to_json(to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
             || ',"data":' || c.data::text || '}' AS payload
    FROM claimed c
    CROSS JOIN LATERAL "event_listeners"(c.type, c."profileId") AS l(id)),
  written AS (
    INSERT INTO "WebhookDelivery" AS d
      (id, "subscriptionId", "eventId", type, payload, attempts, "lockedUntil", "claimedBy", "nextAttemptAt",
       "createdAt")
    SELECT gen_random_uuid()::text, m."subscriptionId", m."eventId", m.type, m.payload,
           CASE WHEN "p_claim" THEN 1 ELSE 0 END,
           CASE WHEN "p_claim" THEN "p_now" + interval '1 millisecond'
             * ((ceil(m.n::numeric / "p_wave") + "p_ahead" + 1) * "p_timeout_ms" + 30000) END,
           CASE WHEN "p_claim" THEN "p_holder" END,
           "p_now", "p_now"
    FROM matched m ORDER BY m.seq
    ON CONFLICT ("subscriptionId", "eventId") DO NOTHING
    RETURNING d.id, d.attempts, d.payload, d.manual, d."createdAt", d."subscriptionId", d."claimedBy")
  SELECT (SELECT count(*) FROM marked)::int, w.id, w.attempts, w.payload, w.manual, w."createdAt"::timestamptz,
         s.id, s.url, s."secretSealed", s.state::text, w."claimedBy"
  FROM (SELECT 1) AS one
  LEFT JOIN (written w JOIN "WebhookSubscription" s ON s.id = w."subscriptionId") ON true;
END
$$;
