DROP INDEX "events_unpublished_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "published_at";