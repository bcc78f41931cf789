-- AlterTable
ALTER TABLE "cluster_state" ADD COLUMN     "simulated_time" BIGINT;
