ALTER TABLE "import_jobs" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "pruned_imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_end_reason_check" CHECK ("import_jobs"."end_reason" in ('supplier_complete'));