-- Posts one balanced ledger transaction in a single call, so that a movement costs the application one round trip
-- instead of one per account read, update and insert (server/ledger/post-transaction.ts). Not expressible in the
-- Prisma schema.
--
-- p_postings: a JSON array of {kind, chain, currency, addressKey, profileId, amountMinor} (addressKey "" and
-- profileId null for the issuance and redemption accounts; amounts as strings of minor units, nonzero, summing to
-- zero). Accounts not opened yet are opened. Then they are locked in id order, as every transaction on them takes
-- them, so two transactions on the same accounts cannot deadlock; under the lock, a wallet or holds account that
-- would go below zero refuses the whole transaction with SQLSTATE TR001 (insufficient funds), naming the account
-- (the check constraint "LedgerAccount_not_overdrawn" stands behind it). The entries are inserted by one statement,
-- so the per-statement trigger checks that they net to zero. Returns the new transaction's id.
CREATE FUNCTION "ledger_post"(p_kind TEXT, p_order_id UUID, p_at TIMESTAMPTZ, p_postings JSONB)
RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
  v_transaction UUID := gen_random_uuid();
  v_wanted INT := jsonb_array_length(p_postings);
  v_ids UUID[];
  v_amounts BIGINT[];
  v_short RECORD;
BEGIN
  FOR attempt IN 1..2 LOOP
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
    EXIT WHEN coalesce(cardinality(v_ids), 0) = v_wanted OR attempt = 2;
    INSERT INTO "LedgerAccount" ("id", "kind", "chain", "currency", "addressKey", "profileId")
    SELECT gen_random_uuid(), p."kind", p."chain", p."currency", p."addressKey", p."profileId"
    FROM jsonb_to_recordset(p_postings)
      AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT, "profileId" UUID)
    ON CONFLICT ("kind", "chain", "currency", "addressKey") DO NOTHING;
  END LOOP;
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
