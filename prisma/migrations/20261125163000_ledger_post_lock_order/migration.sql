-- ledger_post, with its accounts opened before any is locked. The first version locked the accounts it found, then
-- opened the missing ones and locked again: a transaction holding its wallet while it opened the holds account could
-- wait for a holds account that another transaction had opened, committed and locked (in id order) meanwhile, and
-- that transaction waited for the wallet: a deadlock. Now accounts are looked up without locks, the missing ones are
-- opened in key order (so two openers wait on each other at most one way round), and only then are all of them locked
-- in id order, by one statement. Everything else is as before: SQLSTATE TR001 for insufficient funds, one statement
-- for the entries, the transaction's id returned.
CREATE OR REPLACE FUNCTION "ledger_post"(p_kind TEXT, p_order_id UUID, p_at TIMESTAMPTZ, p_postings JSONB)
RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
  v_transaction UUID := gen_random_uuid();
  v_wanted INT := jsonb_array_length(p_postings);
  v_found INT;
  v_ids UUID[];
  v_amounts BIGINT[];
  v_short RECORD;
BEGIN
  SELECT count(*) INTO v_found
  FROM jsonb_to_recordset(p_postings)
    AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT)
  JOIN "LedgerAccount" a
    ON (a."kind", a."chain", a."currency", a."addressKey") = (p."kind", p."chain", p."currency", p."addressKey");
  IF v_found < v_wanted THEN
    INSERT INTO "LedgerAccount" ("id", "kind", "chain", "currency", "addressKey", "profileId")
    SELECT gen_random_uuid(), p."kind", p."chain", p."currency", p."addressKey", p."profileId"
    FROM jsonb_to_recordset(p_postings)
      AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT, "profileId" UUID)
    ORDER BY p."kind", p."chain", p."currency", p."addressKey"
    ON CONFLICT ("kind", "chain", "currency", "addressKey") DO NOTHING;
  END IF;

  SELECT array_agg(s."id" ORDER BY s."id"), array_agg(s."amountMinor" ORDER BY s."id") INTO v_ids, v_amounts
  FROM (
    SELECT a."id", p."amountMinor"
    FROM jsonb_to_recordset(p_postings)
      AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT, "amountMinor" BIGINT)
    JOIN "LedgerAccount" a
      ON (a."kind", a."chain", a."currency", a."addressKey") = (p."kind", p."chain", p."currency", p."addressKey")
    ORDER BY a."id"
    FOR UPDATE OF a
  ) s;
  IF coalesce(cardinality(v_ids), 0) <> v_wanted THEN
    RAISE EXCEPTION 'ledger %: % postings, % distinct accounts', p_kind, v_wanted, coalesce(cardinality(v_ids), 0);
  END IF;

  SELECT a."kind", a."chain", a."currency" INTO v_short
  FROM unnest(v_ids, v_amounts) AS m("id", "amountMinor")
  JOIN "LedgerAccount" a ON a."id" = m."id"
  WHERE a."kind" IN ('wallet', 'holds') AND a."balanceMinor" + m."amountMinor" < 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING
      ERRCODE = 'TR001',
      MESSAGE = format('insufficient funds in %s %s/%s', v_short."kind", v_short."chain", v_short."currency");
  END IF;

  UPDATE "LedgerAccount" a SET "balanceMinor" = a."balanceMinor" + m."amountMinor"
  FROM unnest(v_ids, v_amounts) AS m("id", "amountMinor")
  WHERE a."id" = m."id";
  INSERT INTO "LedgerTransaction" ("id", "kind", "orderId", "createdAt") VALUES (v_transaction, p_kind, p_order_id, p_at);
  INSERT INTO "LedgerEntry" ("transactionId", "accountId", "amountMinor")
  SELECT v_transaction, m."id", m."amountMinor" FROM unnest(v_ids, v_amounts) AS m("id", "amountMinor");
  RETURN v_transaction;
END;
$$;
