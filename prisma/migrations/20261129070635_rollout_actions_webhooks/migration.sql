-- CreateTable
CREATE TABLE "rollout_actions" (
    "id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "actor_token_id" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response" JSONB,
    "status" INTEGER,
    "namespace" TEXT NOT NULL,
    "rollout" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "rollout_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rollout_webhooks" (
    "id" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "events" TEXT[],
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rollout_webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rollout_webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "webhook" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "rollout" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "last_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_attempt_at" TIMESTAMP(3),
    "next_attempt_at" TIMESTAMP(3),

    CONSTRAINT "rollout_webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "rollout_actions_idempotency_key_key" ON "rollout_actions"("idempotency_key");

-- CreateIndex
CREATE INDEX "rollout_actions_completed_at_idx" ON "rollout_actions"("completed_at");

-- CreateIndex
CREATE UNIQUE INDEX "rollout_webhooks_namespace_name_key" ON "rollout_webhooks"("namespace", "name");

-- CreateIndex
CREATE INDEX "rollout_webhook_deliveries_namespace_created_at_idx" ON "rollout_webhook_deliveries"("namespace", "created_at");

-- CreateIndex
CREATE INDEX "rollout_webhook_deliveries_webhook_id_created_at_idx" ON "rollout_webhook_deliveries"("webhook_id", "created_at");
