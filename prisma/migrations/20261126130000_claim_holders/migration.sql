-- Issue 23: work an instance claimed dies with it (C60). Each instance is a claim holder: a number from
-- "claim_holder_seq", never given twice, held as a session-level advisory lock (class 1414677320, "TRCH" in ASCII)
-- on a connection that lives as long as the instance. PostgreSQL drops the lock the moment that connection ends (the
-- process died), so a claim that records its holder's number can be told apart from a live one at once: its holder
-- is not among "live_claim_holders"(). A queue's rows name their holder in a "claimedBy" column; any instance's
-- worker releases the rows whose holder is gone and claims them again (server/db/claim-holder.ts).

CREATE SEQUENCE "claim_holder_seq" AS integer;

-- Takes a new holder number and locks it for the calling session.
CREATE FUNCTION "take_claim_holder"() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  "holder" int := nextval('claim_holder_seq');
BEGIN
  PERFORM pg_advisory_lock(1414677320, "holder");
  RETURN "holder";
END
$$;

-- The holders whose session is alive, in this database.
CREATE FUNCTION "live_claim_holders"() RETURNS SETOF int LANGUAGE sql STABLE AS $$
  SELECT l.objid::bigint::int FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.classid = 1414677320 AND l.objsubid = 2 AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
$$;
