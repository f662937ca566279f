CREATE TABLE "cohort_cutover_items" (
	"meter_point_id" integer PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"mpxn" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"detail" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "cohort_cutover_items_status_check" CHECK ("cohort_cutover_items"."status" in ('pending', 'requested', 'refused')),
	CONSTRAINT "cohort_cutover_items_refused_check" CHECK (("cohort_cutover_items"."status" = 'refused') = ("cohort_cutover_items"."detail" is not null)),
	CONSTRAINT "cohort_cutover_items_processed_check" CHECK (("cohort_cutover_items"."status" = 'pending') = ("cohort_cutover_items"."processed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "cohort_cutover_items" ADD CONSTRAINT "cohort_cutover_items_meter_point_id_meter_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."meter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_cutover_items" ADD CONSTRAINT "cohort_cutover_items_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_cutover_items" ADD CONSTRAINT "cohort_cutover_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_cutover_items_cohort_id_status_account_id_index" ON "cohort_cutover_items" USING btree ("cohort_id","status","account_id");