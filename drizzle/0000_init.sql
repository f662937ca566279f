CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"is_live" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invalidated_at" timestamp with time zone,
	"invalidated_by" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "import_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Ongoing' NOT NULL,
	"document_root" text NOT NULL,
	"send_automated_emails" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_suppliers_code_unique" UNIQUE("code"),
	CONSTRAINT "import_suppliers_status_check" CHECK ("import_suppliers"."status" in ('Ongoing', 'Paused', 'Complete')),
	CONSTRAINT "import_suppliers_code_check" CHECK ("import_suppliers"."code" ~ '^[A-Za-z0-9_-]{1,64}$')
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"billing_name" text NOT NULL,
	"billing_address_line1" text NOT NULL,
	"billing_address_line2" text,
	"billing_address_line3" text,
	"billing_town" text,
	"billing_county" text,
	"billing_postcode" text NOT NULL,
	"last_statement_closing_date" date NOT NULL,
	"open_statement_period_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_number_unique" UNIQUE("number"),
	CONSTRAINT "accounts_supplierId_externalAccountNumber_unique" UNIQUE("supplier_id","external_account_number"),
	CONSTRAINT "accounts_number_check" CHECK ("accounts"."number" ~ '^A-[0-9A-F]{8}$'),
	CONSTRAINT "accounts_open_period_check" CHECK ("accounts"."open_statement_period_start" = "accounts"."last_statement_closing_date" + 1)
);
--> statement-breakpoint
CREATE TABLE "account_import_processes" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"external_account_number" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"payload" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	CONSTRAINT "account_import_processes_supplierId_externalAccountNumber_unique" UNIQUE("supplier_id","external_account_number"),
	CONSTRAINT "account_import_processes_status_check" CHECK ("account_import_processes"."status" in ('staged', 'imported', 'failed')),
	CONSTRAINT "account_import_processes_imported_check" CHECK (("account_import_processes"."status" = 'imported') = ("account_import_processes"."account_id" is not null and "account_import_processes"."imported_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email" text,
	"mobile" text,
	"landline" text,
	"date_of_birth" text
);
--> statement-breakpoint
CREATE TABLE "supply_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"address_line3" text,
	"town" text,
	"county" text,
	"postcode" text NOT NULL,
	"moved_in_at" timestamp with time zone,
	"moved_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meter_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"supply_address_id" integer NOT NULL,
	"fuel" text NOT NULL,
	"mpxn" text NOT NULL,
	"profile_class" integer,
	"consumption_standard" integer,
	"is_export" boolean DEFAULT false NOT NULL,
	"meters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "meter_points_accountId_mpxn_unique" UNIQUE("account_id","mpxn"),
	CONSTRAINT "meter_points_fuel_check" CHECK ("meter_points"."fuel" in ('electricity', 'gas')),
	CONSTRAINT "meter_points_mpxn_check" CHECK (("meter_points"."fuel" = 'electricity' and "meter_points"."mpxn" ~ '^[0-9]{13}$') or ("meter_points"."fuel" = 'gas' and "meter_points"."mpxn" ~ '^[0-9]{6,10}$'))
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"meter_point_id" integer NOT NULL,
	"tariff_code" text NOT NULL,
	"product_code" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "agreements_period_check" CHECK ("agreements"."valid_to" is null or "agreements"."valid_to" > "agreements"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "console_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_users_email_unique" UNIQUE("email"),
	CONSTRAINT "console_users_role_check" CHECK ("console_users"."role" in ('operator', 'support'))
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"version" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_number" text,
	"organisation_id" integer,
	"payload" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_suppliers" ADD CONSTRAINT "import_suppliers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_supplier_id_import_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."import_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_import_processes" ADD CONSTRAINT "account_import_processes_supplier_id_import_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."import_suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_import_processes" ADD CONSTRAINT "account_import_processes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_addresses" ADD CONSTRAINT "supply_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_points" ADD CONSTRAINT "meter_points_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_points" ADD CONSTRAINT "meter_points_supply_address_id_supply_addresses_id_fk" FOREIGN KEY ("supply_address_id") REFERENCES "public"."supply_addresses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_meter_point_id_meter_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."meter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_users" ADD CONSTRAINT "console_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organisation_id_index" ON "api_keys" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "import_suppliers_organisation_id_index" ON "import_suppliers" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "audit_log_organisation_id_entity_type_entity_id_index" ON "audit_log" USING btree ("organisation_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "account_import_processes_supplier_id_status_index" ON "account_import_processes" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "customers_account_id_index" ON "customers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "supply_addresses_account_id_index" ON "supply_addresses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "meter_points_mpxn_index" ON "meter_points" USING btree ("mpxn");--> statement-breakpoint
CREATE INDEX "agreements_meter_point_id_index" ON "agreements" USING btree ("meter_point_id");--> statement-breakpoint
CREATE INDEX "events_unpublished_idx" ON "events" USING btree ("seq") WHERE "events"."published_at" is null;--> statement-breakpoint
CREATE INDEX "events_account_number_seq_index" ON "events" USING btree ("account_number","seq");--> statement-breakpoint
CREATE INDEX "events_type_index" ON "events" USING btree ("type");--> statement-breakpoint
CREATE INDEX "events_organisation_id_seq_index" ON "events" USING btree ("organisation_id","seq");