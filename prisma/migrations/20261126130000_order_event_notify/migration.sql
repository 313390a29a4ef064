-- Issue 23: the order WebSocket (`{base_url}/orders`, server/orders/order-feed.ts) hears every order change on
-- every instance sharing the database. Each statement that records `order.created` or `order.updated` announces
-- those events on 'tokenrail_order_events' as "<profile id>/<event seq>" items separated by commas, so an instance
-- with no socket watching a profile reads nothing, and one that has reads exactly the announced rows. Delivered when
-- the transaction commits (never if it rolls back), in commit order; a payload stays under NOTIFY's 8000 bytes, so a
-- statement recording many events sends several.
CREATE FUNCTION "notify_order_watchers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "batch" text := '';
  "item" text;
BEGIN
  FOR "item" IN
    SELECT e."profileId"::text || '/' || e."seq"::text
    FROM "recorded_events" e
    WHERE e."type" IN ('order.created', 'order.updated')
    ORDER BY e."seq"
  LOOP
    IF length("batch") + length("item") > 7000 THEN
      PERFORM pg_notify('tokenrail_order_events', "batch");
      "batch" := '';
    END IF;
    "batch" := CASE WHEN "batch" = '' THEN "item" ELSE "batch" || ',' || "item" END;
  END LOOP;
  IF "batch" <> '' THEN
    PERFORM pg_notify('tokenrail_order_events', "batch");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "DomainEvent_notify_order_watchers"
AFTER INSERT ON "DomainEvent"
REFERENCING NEW TABLE AS "recorded_events"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_watchers"();
