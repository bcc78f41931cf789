-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "namespaces" TEXT[],
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_entries" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "actor_name" TEXT NOT NULL,
    "actor_role" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_kind" TEXT,
    "target_namespace" TEXT,
    "target_name" TEXT,
    "before" JSONB,
    "after" JSONB,
    "request_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "result" TEXT NOT NULL,
    "message" TEXT,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hook_acks" (
    "id" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "actor_token_id" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response" JSONB,
    "status" INTEGER,
    "namespace" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "pod_uid" TEXT,
    "hook" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "completed_at" TIMESTAMP(3),

    CONSTRAINT "hook_acks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_name_key" ON "api_tokens"("name");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "audit_entries_target_namespace_id_idx" ON "audit_entries"("target_namespace", "id");

-- CreateIndex
CREATE UNIQUE INDEX "hook_acks_idempotency_key_key" ON "hook_acks"("idempotency_key");
