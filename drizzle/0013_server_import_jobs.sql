CREATE TABLE "import_job_rows" (
	"job_id" integer NOT NULL,
	"line" integer NOT NULL,
	"external_account_number" text,
	"record" jsonb,
	"fixed_payload" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"step" text,
	"error_code" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_number" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "import_job_rows_job_id_line_pk" PRIMARY KEY("job_id","line"),
	CONSTRAINT "import_job_rows_status_check" CHECK ("import_job_rows"."status" in ('pending', 'valid', 'imported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"send_registration" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"upload_error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('receiving', 'running', 'paused', 'cancelled', 'completed', 'failed')),
	CONSTRAINT "import_jobs_format_check" CHECK ("import_jobs"."format" in ('jsonl', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_supplier_id_import_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."import_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_rows_job_id_status_line_index" ON "import_job_rows" USING btree ("job_id","status","line");--> statement-breakpoint
CREATE INDEX "import_job_rows_failures_idx" ON "import_job_rows" USING btree ("job_id","error_code") WHERE "import_job_rows"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "import_job_rows_processed_idx" ON "import_job_rows" USING btree ("processed_at") WHERE "import_job_rows"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "import_jobs_organisation_id_created_at_index" ON "import_jobs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_supplier_id_status_index" ON "import_jobs" USING btree ("supplier_id","status");