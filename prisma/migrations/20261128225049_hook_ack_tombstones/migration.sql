-- CreateTable
CREATE TABLE "hook_ack_tombstones" (
    "ack_id" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "pod" TEXT NOT NULL,
    "pod_uid" TEXT NOT NULL,
    "hook" TEXT NOT NULL,
    "acked_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "hook_ack_tombstones_pkey" PRIMARY KEY ("ack_id")
);

-- CreateIndex
CREATE INDEX "hook_ack_tombstones_deleted_at_idx" ON "hook_ack_tombstones"("deleted_at");

-- CreateIndex
CREATE INDEX "hook_ack_tombstones_namespace_pod_idx" ON "hook_ack_tombstones"("namespace", "pod");
