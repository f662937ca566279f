CREATE TABLE "smart_meter_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"device_type" text,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"firmware_version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_meter_devices_device_key" UNIQUE("organisation_id","device_id"),
	CONSTRAINT "smart_meter_devices_device_type_check" CHECK ("smart_meter_devices"."device_type" is null or "smart_meter_devices"."device_type" in ('ESME', 'GSME')),
	CONSTRAINT "smart_meter_devices_text_check" CHECK (length("smart_meter_devices"."device_id") between 1 and 64 and length("smart_meter_devices"."manufacturer") between 1 and 100 and length("smart_meter_devices"."model") between 1 and 100 and length("smart_meter_devices"."firmware_version") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "smart_meter_devices" ADD CONSTRAINT "smart_meter_devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;