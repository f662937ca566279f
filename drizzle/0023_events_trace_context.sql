ALTER TABLE "events" ADD COLUMN "traceparent" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tracestate" text;