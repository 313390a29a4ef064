-- Issue 16: an event that no webhook subscription can hear costs its insert and nothing more. A row trigger records
-- it as fanned out already, with the rule the fan-out matches by (server/webhooks/fan-out.ts: an active
-- subscription that asked for the type, of an application whose own profile the event concerns or that the profile
-- granted access to), so no worker is woken for it and no fan-out statement claims and marks it afterwards. What
-- this changes for subscribers: an event reaches the subscriptions that are active when it is recorded, not those
-- created between its recording and its fan-out (a subscription committed while the event's statement runs is as
-- new as the event, and does not hear it).
CREATE FUNCTION "mark_unheard_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."fannedOutAt" IS NULL AND NOT EXISTS (
    SELECT 1
    FROM "WebhookSubscription" s
    JOIN "Application" a ON a."id" = s."applicationId"
    WHERE s."state" = 'active' AND NEW."type" = ANY (s."types")
      AND (a."profileId" = NEW."profileId"
        OR EXISTS (SELECT 1 FROM "ApplicationGrant" g
                   WHERE g."applicationId" = a."id" AND g."profileId" = NEW."profileId" AND g."revokedAt" IS NULL))
  ) THEN
    NEW."fannedOutAt" := NEW."createdAt";
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "DomainEvent_mark_unheard"
BEFORE INSERT ON "DomainEvent"
FOR EACH ROW EXECUTE FUNCTION "mark_unheard_event"();

-- The workers are woken only for events left to fan out.
CREATE OR REPLACE FUNCTION "notify_webhook_work"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "recorded_events" WHERE "fannedOutAt" IS NULL) THEN
    PERFORM pg_notify('tokenrail_webhook_work', '');
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "DomainEvent_notify_webhook_work" ON "DomainEvent";
CREATE TRIGGER "DomainEvent_notify_webhook_work"
AFTER INSERT ON "DomainEvent"
REFERENCING NEW TABLE AS "recorded_events"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_webhook_work"();
