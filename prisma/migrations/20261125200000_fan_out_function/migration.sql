-- Issue 16: the fan-out as a database function, and the rule of who hears an event in one place.
--
-- "event_listeners" is that rule: the active subscriptions that asked for the event's type, of an application whose
-- own profile the event concerns or that the profile granted access to. The trigger that records an event nobody
-- can hear as fanned out already (unheard_events) and the fan-out both ask it, so they cannot disagree.
--
-- "fan_out_events" is the fan-out statement that server/webhooks/fan-out.ts sent as text until now, unchanged in what
-- it does: it claims a batch of events with FOR UPDATE SKIP LOCKED, marks them, writes one delivery per listener
-- (already claimed for its first attempt when asked to) and returns the deliveries with their subscriptions. In a
-- function its plan is made once per connection: the statement's parsing and planning cost more than running it
-- (the embedded database, which prepares nothing, did all three for every event woken on).
CREATE FUNCTION "event_listeners"("p_type" text, "p_profile" uuid) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$
  SELECT s."id"
  FROM "WebhookSubscription" s
  JOIN "Application" a ON a."id" = s."applicationId"
  WHERE s."state" = 'active' AND "p_type" = ANY (s."types")
    AND (a."profileId" = "p_profile"
      OR EXISTS (SELECT 1 FROM "ApplicationGrant" g
                 WHERE g."applicationId" = a."id" AND g."profileId" = "p_profile" AND g."revokedAt" IS NULL))
$$;

CREATE OR REPLACE FUNCTION "mark_unheard_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."fannedOutAt" IS NULL AND NOT EXISTS (SELECT 1 FROM "event_listeners"(NEW."type", NEW."profileId")) THEN
    NEW."fannedOutAt" := NEW."createdAt";
  END IF;
  RETURN NEW;
END
$$;

-- p_claim: write the deliveries claimed for their first attempt, held for as many attempts as it takes waves of
-- p_wave to send them all, the p_ahead waves sent before them, and one more, p_timeout_ms each, plus 30 s.
CREATE FUNCTION "fan_out_events"(
  "p_batch" int, "p_now" timestamptz, "p_claim" boolean, "p_wave" int, "p_ahead" int, "p_timeout_ms" int
) RETURNS TABLE (
  "events" int, "id" text, "attempts" int, "payload" text, "manual" boolean, "createdAt" timestamptz,
  "subscriptionId" uuid, "url" text, "secretSealed" text, "subscriptionState" text
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
      (id, "subscriptionId", "eventId", type, payload, attempts, "lockedUntil", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid()::text, m."subscriptionId", m."eventId", m.type, m.payload,
           CASE WHEN "p_claim" THEN 1 ELSE 0 END,
           CASE WHEN "p_claim" THEN "p_now" + interval '1 millisecond'
             * ((ceil(m.n::numeric / "p_wave") + "p_ahead" + 1) * "p_timeout_ms" + 30000) END,
           "p_now", "p_now"
    FROM matched m ORDER BY m.seq
    ON CONFLICT ("subscriptionId", "eventId") DO NOTHING
    RETURNING d.id, d.attempts, d.payload, d.manual, d."createdAt", d."subscriptionId")
  SELECT (SELECT count(*) FROM marked)::int, w.id, w.attempts, w.payload, w.manual, w."createdAt"::timestamptz,
         s.id, s.url, s."secretSealed", s.state::text
  FROM (SELECT 1) AS one
  LEFT JOIN (written w JOIN "WebhookSubscription" s ON s.id = w."subscriptionId") ON true;
END
$$;
