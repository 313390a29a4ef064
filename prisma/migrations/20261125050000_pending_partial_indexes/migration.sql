-- The queues the webhook worker scans hold only what is still to do, so their indexes hold only that: events not
-- fanned out yet, deliveries still pending. Delivered deliveries and fanned-out events (nearly every row, soon) add
-- nothing to them, and writing one costs an index entry less. Partial indexes are not expressible in the Prisma
-- schema; the schema declares no index on these columns.
DROP INDEX "DomainEvent_fannedOutAt_seq_idx";
CREATE INDEX "DomainEvent_unfanned_idx" ON "DomainEvent"("seq") WHERE "fannedOutAt" IS NULL;
DROP INDEX "WebhookDelivery_state_nextAttemptAt_idx";
CREATE INDEX "WebhookDelivery_pending_idx" ON "WebhookDelivery"("nextAttemptAt") WHERE "state" = 'pending';
