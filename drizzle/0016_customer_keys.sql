CREATE TABLE "account_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_users_organisationId_email_unique" UNIQUE("organisation_id","email"),
	CONSTRAINT "account_users_email_check" CHECK ("account_users"."email" = lower(btrim("account_users"."email")) and "account_users"."email" like '%_@_%')
);
--> statement-breakpoint
CREATE TABLE "customer_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_user_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invalidated_at" timestamp with time zone,
	"invalidated_by" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "customer_api_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_subject_check";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "customer_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_api_keys" ADD CONSTRAINT "customer_api_keys_account_user_id_account_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."account_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_api_keys_account_user_id_index" ON "customer_api_keys" USING btree ("account_user_id");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_customer_api_key_id_customer_api_keys_id_fk" FOREIGN KEY ("customer_api_key_id") REFERENCES "public"."customer_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_email_lower_index" ON "customers" USING btree (lower(btrim("email")));--> statement-breakpoint
CREATE INDEX "meter_points_meters_gin_index" ON "meter_points" USING gin ("meters" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_subject_check" CHECK (num_nonnulls("refresh_tokens"."api_key_id", "refresh_tokens"."console_user_id", "refresh_tokens"."customer_api_key_id") = 1);--> statement-breakpoint
-- Hand-written: accounts imported before this migration get their meters' smart_device_id and units_of_measure
-- from the staged payload they were imported from (smartMeterTelemetry finds meters by it).
UPDATE "meter_points" mp SET "meters" = (
  SELECT jsonb_agg(CASE WHEN d.m IS NULL THEN e.m ELSE e.m || jsonb_strip_nulls(jsonb_build_object('smart_device_id', d.m->>'smart_device_id', 'units_of_measure', d.m->>'units_of_measure')) END ORDER BY e.ord)
  FROM jsonb_array_elements(mp."meters") WITH ORDINALITY AS e(m, ord)
  LEFT JOIN LATERAL (
    SELECT pm AS m
    FROM "account_import_processes" p
    CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(p."payload"->'supply_addresses') = 'array' THEN p."payload"->'supply_addresses' ELSE '[]'::jsonb END) sa
    CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(sa->'meter_points') = 'array' THEN sa->'meter_points' ELSE '[]'::jsonb END) pp
    CROSS JOIN jsonb_array_elements(CASE WHEN jsonb_typeof(pp->'meters') = 'array' THEN pp->'meters' ELSE '[]'::jsonb END) pm
    WHERE p."account_id" = mp."account_id" AND pp->>'identifier' = mp."mpxn" AND pm->>'meter_serial_number' = e.m->>'serial_number'
    LIMIT 1
  ) d ON true
)
WHERE jsonb_array_length(mp."meters") > 0
  AND EXISTS (SELECT 1 FROM "account_import_processes" p WHERE p."account_id" = mp."account_id" AND (p."payload"::text LIKE '%smart_device_id%' OR p."payload"::text LIKE '%units_of_measure%'));
