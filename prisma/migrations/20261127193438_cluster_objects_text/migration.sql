-- AlterTable
ALTER TABLE "cluster_objects" ALTER COLUMN "object" SET DATA TYPE TEXT;
