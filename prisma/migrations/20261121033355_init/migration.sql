-- CreateTable
CREATE TABLE "cluster_objects" (
    "key" TEXT NOT NULL,
    "api_version" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "namespace" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "resource_version" BIGINT NOT NULL,
    "object" JSONB NOT NULL,

    CONSTRAINT "cluster_objects_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "cluster_state" (
    "id" INTEGER NOT NULL,
    "resource_version" BIGINT NOT NULL,

    CONSTRAINT "cluster_state_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cluster_objects_kind_namespace_idx" ON "cluster_objects"("kind", "namespace");
