-- The money path's global lock order (C74; server/ledger/lock-order.ts says it in full): the keys a request claims
-- first, then order rows, then every ledger account a transaction moves, locked by one call before any of them moves.
-- Concurrent redeem orders deadlocked with a batch of settlements that posted to the ledger several times in one
-- transaction: holding a wallet's holds account for one order's burn, the batch went on to wait for the wallet itself
-- for another order's mint, while an order being placed held that wallet and waited for its holds account (each call
-- locks in id order, but two calls are no order). These functions give every path the same steps.

-- Keys: transaction-level advisory locks on the keys a request claims (an order's id, Idempotency-Key, signed
-- message), each once and in ascending order of its hash, so two requests claiming some of the same keys wait on each
-- other one way round only. A request whose key is in flight waits here, holding nothing, and then finds what the first
-- one left. The two-integer form keeps these apart from every single-bigint advisory lock of the application.
CREATE FUNCTION "lock_keys"(p_keys TEXT[]) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  v_key INT;
BEGIN
  FOR v_key IN SELECT DISTINCT hashtext(k) FROM unnest(p_keys) AS k WHERE k IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(74, v_key);
  END LOOP;
END;
$$;

-- Ledger accounts: every account of p_accounts (a JSON array of {kind, chain, currency, addressKey, profileId}; one
-- account may appear more than once), the missing ones opened first, in key order, then all of them locked in id order
-- by one statement. A transaction that posts more than once (a batch of settlements, a range of chain transfers) calls
-- this with the accounts of all its postings before the first; `ledger_post` calls it for its own, which such a
-- transaction then holds already. Returns how many distinct accounts are locked.
CREATE FUNCTION "ledger_lock"(p_accounts JSONB) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
  v_wanted INT;
  v_found INT;
  v_locked INT;
BEGIN
  SELECT count(*) INTO v_wanted FROM (
    SELECT DISTINCT p."kind", p."chain", p."currency", p."addressKey"
    FROM jsonb_to_recordset(p_accounts) AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT)
  ) k;
  SELECT count(*) INTO v_found
  FROM (
    SELECT DISTINCT p."kind", p."chain", p."currency", p."addressKey"
    FROM jsonb_to_recordset(p_accounts) AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT)
  ) k
  JOIN "LedgerAccount" a
    ON (a."kind", a."chain", a."currency", a."addressKey") = (k."kind", k."chain", k."currency", k."addressKey");
  IF v_found < v_wanted THEN
    INSERT INTO "LedgerAccount" ("id", "kind", "chain", "currency", "addressKey", "profileId")
    SELECT gen_random_uuid(), k."kind", k."chain", k."currency", k."addressKey", k."profileId"
    FROM (
      SELECT DISTINCT ON (p."kind", p."chain", p."currency", p."addressKey") p.*
      FROM jsonb_to_recordset(p_accounts)
        AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT, "profileId" UUID)
      ORDER BY p."kind", p."chain", p."currency", p."addressKey"
    ) k
    ORDER BY k."kind", k."chain", k."currency", k."addressKey"
    ON CONFLICT ("kind", "chain", "currency", "addressKey") DO NOTHING;
  END IF;

  SELECT count(*) INTO v_locked FROM (
    SELECT a."id"
    FROM "LedgerAccount" a
    JOIN (
      SELECT DISTINCT p."kind", p."chain", p."currency", p."addressKey"
      FROM jsonb_to_recordset(p_accounts) AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT)
    ) k ON (a."kind", a."chain", a."currency", a."addressKey") = (k."kind", k."chain", k."currency", k."addressKey")
    ORDER BY a."id"
    FOR UPDATE OF a
  ) s;
  IF v_locked <> v_wanted THEN
    RAISE EXCEPTION 'ledger lock: % accounts asked for, % locked', v_wanted, v_locked;
  END IF;
  RETURN v_locked;
END;
$$;

-- ledger_post, its accounts opened and locked by ledger_lock (above): the same steps as before, in one place. Then,
-- as before: SQLSTATE TR001 for insufficient funds, the balances moved, one statement for the entries, the
-- transaction's id returned.
CREATE OR REPLACE FUNCTION "ledger_post"(p_kind TEXT, p_order_id UUID, p_at TIMESTAMPTZ, p_postings JSONB)
RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
  v_transaction UUID := gen_random_uuid();
  v_wanted INT := jsonb_array_length(p_postings);
  v_ids UUID[];
  v_amounts BIGINT[];
  v_short RECORD;
BEGIN
  PERFORM "ledger_lock"(p_postings);
  SELECT array_agg(a."id" ORDER BY a."id"), array_agg(p."amountMinor" ORDER BY a."id") INTO v_ids, v_amounts
  FROM jsonb_to_recordset(p_postings)
    AS p("kind" "LedgerAccountKind", "chain" TEXT, "currency" TEXT, "addressKey" TEXT, "amountMinor" BIGINT)
  JOIN "LedgerAccount" a
    ON (a."kind", a."chain", a."currency", a."addressKey") = (p."kind", p."chain", p."currency", p."addressKey");
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
