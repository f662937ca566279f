CREATE TABLE "cohort_control_rows" (
	"cohort_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"line" integer NOT NULL,
	"checks" text[] NOT NULL,
	"closing_balance_pence" bigint,
	"meter_points" jsonb,
	"payment_reference" text,
	"statement_count" integer,
	"last_readings" jsonb,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "cohort_control_rows_cohort_id_external_account_number_pk" PRIMARY KEY("cohort_id","external_account_number"),
	CONSTRAINT "cohort_control_rows_statements_check" CHECK ("cohort_control_rows"."statement_count" is null or "cohort_control_rows"."statement_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cohort_members" (
	"supplier_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"cohort_id" integer NOT NULL,
	"source" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_members_pkey" PRIMARY KEY("supplier_id","external_account_number"),
	CONSTRAINT "cohort_members_source_check" CHECK ("cohort_members"."source" in ('import_job', 'list', 'api')),
	CONSTRAINT "cohort_members_external_check" CHECK (length("cohort_members"."external_account_number") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"planned_cutover_date" date,
	"notes" text,
	"status" text DEFAULT 'planning' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inputs_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"control_file_name" text,
	"control_file_rows" integer,
	"control_extra_columns" text[],
	"control_uploaded_by" text,
	"control_uploaded_at" timestamp with time zone,
	"signed_off_by" text,
	"signed_off_at" timestamp with time zone,
	"cutover_started_by" text,
	"cutover_started_at" timestamp with time zone,
	"cutover_finished_at" timestamp with time zone,
	CONSTRAINT "cohorts_supplier_name_key" UNIQUE("supplier_id","name"),
	CONSTRAINT "cohorts_id_supplier_key" UNIQUE("id","supplier_id"),
	CONSTRAINT "cohorts_status_check" CHECK ("cohorts"."status" in ('planning', 'importing', 'imported', 'reconciling', 'reconciled', 'cutting_over', 'cut_over')),
	CONSTRAINT "cohorts_name_check" CHECK (length("cohorts"."name") between 1 and 100),
	CONSTRAINT "cohorts_notes_check" CHECK ("cohorts"."notes" is null or length("cohorts"."notes") <= 4000),
	CONSTRAINT "cohorts_signed_off_check" CHECK (("cohorts"."status" in ('reconciled', 'cutting_over', 'cut_over')) = ("cohorts"."signed_off_at" is not null and "cohorts"."signed_off_by" is not null)),
	CONSTRAINT "cohorts_cutover_check" CHECK (("cohorts"."status" in ('cutting_over', 'cut_over')) = ("cohorts"."cutover_started_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "cohort_mismatch_acceptances" (
	"cohort_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"check" text NOT NULL,
	"source_value" text,
	"platform_value" text,
	"reason" text NOT NULL,
	"accepted_by" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_mismatch_acceptances_cohort_id_external_account_number_check_pk" PRIMARY KEY("cohort_id","external_account_number","check"),
	CONSTRAINT "cohort_mismatch_acceptances_reason_check" CHECK (length(btrim("cohort_mismatch_acceptances"."reason")) between 3 and 1000)
);
--> statement-breakpoint
CREATE TABLE "cohort_reconciliation_results" (
	"reconciliation_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"check" text NOT NULL,
	"status" text NOT NULL,
	"account_number" text,
	"source_value" text,
	"platform_value" text,
	CONSTRAINT "cohort_reconciliation_results_reconciliation_id_external_account_number_check_pk" PRIMARY KEY("reconciliation_id","external_account_number","check"),
	CONSTRAINT "cohort_reconciliation_results_status_check" CHECK ("cohort_reconciliation_results"."status" in ('match', 'mismatch')),
	CONSTRAINT "cohort_reconciliation_results_check_check" CHECK ("cohort_reconciliation_results"."check" in ('presence', 'balance', 'meter_points', 'meters', 'payment', 'statements', 'readings'))
);
--> statement-breakpoint
CREATE TABLE "cohort_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"summary" jsonb,
	CONSTRAINT "cohort_reconciliations_status_check" CHECK ("cohort_reconciliations"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "cohort_id" integer;--> statement-breakpoint
ALTER TABLE "cohort_control_rows" ADD CONSTRAINT "cohort_control_rows_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_cohort_fk" FOREIGN KEY ("cohort_id","supplier_id") REFERENCES "public"."cohorts"("id","supplier_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_supplier_id_import_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."import_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_mismatch_acceptances" ADD CONSTRAINT "cohort_mismatch_acceptances_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_reconciliation_results" ADD CONSTRAINT "cohort_reconciliation_results_reconciliation_id_cohort_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."cohort_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_reconciliations" ADD CONSTRAINT "cohort_reconciliations_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_members_cohort_id_external_account_number_index" ON "cohort_members" USING btree ("cohort_id","external_account_number");--> statement-breakpoint
CREATE INDEX "cohorts_organisation_id_supplier_id_index" ON "cohorts" USING btree ("organisation_id","supplier_id");--> statement-breakpoint
CREATE INDEX "cohort_reconciliation_results_mismatch_idx" ON "cohort_reconciliation_results" USING btree ("reconciliation_id","check","external_account_number") WHERE "cohort_reconciliation_results"."status" = 'mismatch';--> statement-breakpoint
CREATE INDEX "cohort_reconciliations_cohort_id_id_index" ON "cohort_reconciliations" USING btree ("cohort_id","id");--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_cohort_id_index" ON "import_jobs" USING btree ("cohort_id") WHERE "import_jobs"."cohort_id" is not null;