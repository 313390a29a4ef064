-- Issue 16: every statement that records domain events wakes the webhook workers of every instance on the database.
-- The notification is delivered when the transaction commits (never if it rolls back), once per transaction; the
-- workers' fallback poll covers a notification nobody heard. A trigger, so that every writer of "DomainEvent" (the
-- recordEvent helper, single-statement writers in SQL) announces its events without having to remember to.
CREATE FUNCTION "notify_webhook_work"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokenrail_webhook_work', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "DomainEvent_notify_webhook_work"
AFTER INSERT ON "DomainEvent"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_webhook_work"();
