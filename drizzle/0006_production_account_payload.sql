CREATE TABLE "meter_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"meter_point_id" integer NOT NULL,
	"meter_serial_number" text NOT NULL,
	"register_id" text DEFAULT '' NOT NULL,
	"reading_date" date NOT NULL,
	"reading_value" numeric(21, 10) NOT NULL,
	"reading_type" text NOT NULL,
	"source" text NOT NULL,
	"billed" boolean,
	"validation_status" text,
	CONSTRAINT "meter_readings_source_check" CHECK ("meter_readings"."source" in ('transfer', 'history'))
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_open_period_check";--> statement-breakpoint
ALTER TABLE "agreements" DROP CONSTRAINT "agreements_period_check";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "billing_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "billing_address_line1" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "billing_postcode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "last_statement_closing_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "given_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "family_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "account_type" text DEFAULT 'DOMESTIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sales_channel" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "transfer_balance" numeric(21, 10);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_billed_to_date" date;--> statement-breakpoint
ALTER TABLE "account_import_processes" ADD COLUMN "operations_team_name" text;--> statement-breakpoint
ALTER TABLE "account_import_processes" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_import_processes" ADD COLUMN "schedule_dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "salutation" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "psr" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "preferences" jsonb;--> statement-breakpoint
ALTER TABLE "supply_addresses" ADD COLUMN "delivery_point_identifier" text;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "mpid" text;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "shipper_mpid" text;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "supply_start_date" date;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "supply_end_date" date;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "last_billed_to_date" date;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "ssc" text;--> statement-breakpoint
ALTER TABLE "meter_points" ADD COLUMN "measurement_class" text;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_point_id_meter_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."meter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_readings_meter_point_id_reading_date_index" ON "meter_readings" USING btree ("meter_point_id","reading_date");--> statement-breakpoint
CREATE INDEX "events_import_process_idx" ON "events" USING btree ("organisation_id",("payload"->>'external_identifier'),"seq") WHERE "events"."type" in ('data_import.import_process.complete', 'data_import.import_process.error', 'data_import.import_process.dry_run_complete', 'data_import.import_process.dry_run_error', 'data_import.import_process.cancelled');--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_open_period_check" CHECK ("accounts"."last_statement_closing_date" is null or "accounts"."open_statement_period_start" = "accounts"."last_statement_closing_date" + 1);--> statement-breakpoint
ALTER TABLE "meter_points" ADD CONSTRAINT "meter_points_supply_dates_check" CHECK ("meter_points"."supply_end_date" is null or "meter_points"."supply_end_date" >= "meter_points"."supply_start_date");--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_period_check" CHECK ("agreements"."valid_to" is null or "agreements"."valid_to" >= "agreements"."valid_from");