-- A screening case's match key ends in a digest of the subject as screened and the list entry: until now their bare
-- SHA-256, which a dump could check a guessed name against. New cases keep it keyed under the keyring's index key
-- (C70; server/screening/cases/match-key.ts); the sealing pass keys the cases written before in place, from the digest
-- alone, and until it has, a case is also found by its bare digest. Nothing changes in the schema: the pass runs again.
UPDATE "KeyWork" SET state = 'pending', "claimedBy" = NULL, "claimedUntil" = NULL, total = 0, done = 0, failed = 0,
    "startedAt" = NULL, "finishedAt" = NULL, "updatedAt" = now()
WHERE name = 'seal-records';
