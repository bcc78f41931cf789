-- AlterTable: deliveries stored before this migration are their own event (their id as the key).
ALTER TABLE "rollout_webhook_deliveries" ADD COLUMN     "event_key" TEXT,
ADD COLUMN     "lease_until" TIMESTAMP(3),
ADD COLUMN     "leased_by" TEXT;
UPDATE "rollout_webhook_deliveries" SET "event_key" = "id";
ALTER TABLE "rollout_webhook_deliveries" ALTER COLUMN "event_key" SET NOT NULL;

-- CreateIndex
CREATE INDEX "rollout_webhook_deliveries_state_next_attempt_at_idx" ON "rollout_webhook_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "rollout_webhook_deliveries_webhook_id_event_key_key" ON "rollout_webhook_deliveries"("webhook_id", "event_key");
