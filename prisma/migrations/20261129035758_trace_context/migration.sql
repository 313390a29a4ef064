-- Issue 34: when traces are exported, an event and a queued chain transaction keep the W3C trace context of the work
-- that wrote them, so the webhook deliveries and the chain send done later by the workers join that trace (C73).

-- AlterTable
ALTER TABLE "ChainTransaction" ADD COLUMN     "traceparent" TEXT;

-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN     "traceparent" TEXT;
