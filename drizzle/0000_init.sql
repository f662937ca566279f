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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
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
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"full_name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text NOT NULL,
	"is_variable" boolean NOT NULL,
	"is_green" boolean NOT NULL,
	"is_tracker" boolean NOT NULL,
	"is_prepay" boolean NOT NULL,
	"is_business" boolean NOT NULL,
	"is_restricted" boolean NOT NULL,
	"term" integer,
	"available_from" timestamp with time zone NOT NULL,
	"available_to" timestamp with time zone,
	"brand" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code"),
	CONSTRAINT "products_code_check" CHECK ("products"."code" ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' and length("products"."code") <= 64),
	CONSTRAINT "products_brand_check" CHECK ("products"."brand" ~ '^[A-Z0-9_]{1,64}$'),
	CONSTRAINT "products_direction_check" CHECK ("products"."direction" in ('IMPORT', 'EXPORT')),
	CONSTRAINT "products_term_check" CHECK ("products"."term" is null or "products"."term" between 1 and 120),
	CONSTRAINT "products_available_check" CHECK ("products"."available_to" is null or "products"."available_to" > "products"."available_from")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"fuel" text NOT NULL,
	"registers" integer NOT NULL,
	"region" text NOT NULL,
	"payment_methods" text[] NOT NULL,
	"online_discount_exc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"online_discount_inc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"dual_fuel_discount_exc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"dual_fuel_discount_inc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"exit_fees_exc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"exit_fees_inc_vat" numeric(12, 6) DEFAULT '0' NOT NULL,
	"exit_fees_type" text DEFAULT 'NONE' NOT NULL,
	CONSTRAINT "tariffs_code_unique" UNIQUE("code"),
	CONSTRAINT "tariffs_productId_fuel_registers_region_unique" UNIQUE("product_id","fuel","registers","region"),
	CONSTRAINT "tariffs_fuel_check" CHECK ("tariffs"."fuel" in ('electricity', 'gas')),
	CONSTRAINT "tariffs_registers_check" CHECK ("tariffs"."registers" = 1 or ("tariffs"."registers" = 2 and "tariffs"."fuel" = 'electricity')),
	CONSTRAINT "tariffs_region_check" CHECK ("tariffs"."region" in ('A','B','C','D','E','F','G','H','J','K','L','M','N','P')),
	CONSTRAINT "tariffs_code_check" CHECK ("tariffs"."code" like (case "tariffs"."fuel" when 'electricity' then 'E' else 'G' end) || '-' || "tariffs"."registers" || 'R-_%-' || "tariffs"."region"),
	CONSTRAINT "tariffs_payment_methods_check" CHECK (cardinality("tariffs"."payment_methods") >= 1 and "tariffs"."payment_methods" <@ array['DIRECT_DEBIT','NON_DIRECT_DEBIT','PREPAYMENT']::text[]),
	CONSTRAINT "tariffs_exit_fees_type_check" CHECK ("tariffs"."exit_fees_type" in ('NONE', 'PER_FUEL', 'PER_PRODUCT'))
);
--> statement-breakpoint
CREATE TABLE "tariff_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tariff_id" integer NOT NULL,
	"rate_type" text NOT NULL,
	"payment_method" text,
	"value_exc_vat" numeric(12, 6) NOT NULL,
	"value_inc_vat" numeric(12, 6) NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "tariff_rates_period_start_key" UNIQUE NULLS NOT DISTINCT("tariff_id","rate_type","payment_method","valid_from"),
	CONSTRAINT "tariff_rates_period_check" CHECK ("tariff_rates"."valid_to" is null or "tariff_rates"."valid_to" > "tariff_rates"."valid_from"),
	CONSTRAINT "tariff_rates_type_check" CHECK ("tariff_rates"."rate_type" in ('standing_charge', 'standard_unit_rate', 'day_unit_rate', 'night_unit_rate')),
	CONSTRAINT "tariff_rates_payment_method_check" CHECK ("tariff_rates"."payment_method" is null or "tariff_rates"."payment_method" in ('DIRECT_DEBIT', 'NON_DIRECT_DEBIT', 'PREPAYMENT'))
);
--> statement-breakpoint
CREATE TABLE "product_catalogue_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "product_catalogue_state_singleton_check" CHECK ("product_catalogue_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "event_relay_state" (
	"stream" text PRIMARY KEY NOT NULL,
	"leader" text,
	"leader_since" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"nats_connected" boolean DEFAULT false NOT NULL,
	"last_published_at" timestamp with time zone,
	"last_published_seq" bigint,
	"published_total" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"body" text,
	"document_paths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_at_given" boolean NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"unpin_at" timestamp with time zone,
	"source" text DEFAULT 'import' NOT NULL,
	"request_id" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_account_content_created_at_key" UNIQUE("account_id","content_hash","created_at"),
	CONSTRAINT "notes_source_check" CHECK ("notes"."source" in ('import', 'transaction_date_moved')),
	CONSTRAINT "notes_content_check" CHECK ("notes"."body" is not null or jsonb_array_length("notes"."document_paths") > 0),
	CONSTRAINT "notes_unpin_check" CHECK ("notes"."unpin_at" is null or ("notes"."is_pinned" and "notes"."unpin_at" >= "notes"."created_at"))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"type" text NOT NULL,
	"reason" text,
	"amount" numeric(14, 2) NOT NULL,
	"transaction_date" date NOT NULL,
	"original_transaction_date" date NOT NULL,
	"description" text,
	"statement_period_start" date NOT NULL,
	"display_note" text,
	"note" text,
	"reference" text,
	"payment_type" text,
	"to_prepay_meter_serial_number" text,
	"product_code" text,
	"line_items" jsonb,
	"tax_items" jsonb,
	"payload_hash" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_account_transaction_id_key" UNIQUE("account_id","transaction_id"),
	CONSTRAINT "transactions_type_check" CHECK ("transactions"."type" in ('CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE')),
	CONSTRAINT "transactions_amount_check" CHECK ("transactions"."amount" >= 0),
	CONSTRAINT "transactions_supply_charge_check" CHECK (("transactions"."type" = 'SUPPLY_CHARGE') = ("transactions"."product_code" is not null and "transactions"."line_items" is not null)),
	CONSTRAINT "transactions_payment_type_check" CHECK (("transactions"."type" in ('PAYMENT', 'REPAYMENT')) = ("transactions"."payment_type" is not null)),
	CONSTRAINT "transactions_moved_check" CHECK ("transactions"."transaction_date" >= "transactions"."original_transaction_date" and ("transactions"."transaction_date" = "transactions"."original_transaction_date") = ("transactions"."description" is null))
);
--> statement-breakpoint
CREATE TABLE "historical_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"statement_id" text NOT NULL,
	"bill_period_from_date" date NOT NULL,
	"bill_period_to_date" date NOT NULL,
	"issued_date" date NOT NULL,
	"number" text NOT NULL,
	"gross_amount" numeric(14, 2) NOT NULL,
	"statement_path" text,
	"document_location" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historical_statements_account_statement_id_key" UNIQUE("account_id","statement_id"),
	CONSTRAINT "historical_statements_period_check" CHECK ("historical_statements"."bill_period_from_date" <= "historical_statements"."bill_period_to_date"),
	CONSTRAINT "historical_statements_path_check" CHECK (("historical_statements"."statement_path" is null) = ("historical_statements"."document_location" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"vendor_status" text NOT NULL,
	"vendor_details" jsonb NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_instructions_status_check" CHECK ("payment_instructions"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_vendor_failures" (
	"vendor" text NOT NULL,
	"reference" text NOT NULL,
	"consecutive_failures" integer NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text NOT NULL,
	CONSTRAINT "payment_vendor_failures_vendor_reference_pk" PRIMARY KEY("vendor","reference")
);
--> statement-breakpoint
CREATE TABLE "meter_point_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"meter_point_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"fuel" text NOT NULL,
	"mpxn" text NOT NULL,
	"supply_start_date" date NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"error_detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"flow" jsonb,
	"request_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_point_registrations_status_check" CHECK ("meter_point_registrations"."status" in ('requested', 'sent', 'failed')),
	CONSTRAINT "meter_point_registrations_failed_check" CHECK (("meter_point_registrations"."status" = 'failed') = ("meter_point_registrations"."error_detail" is not null and "meter_point_registrations"."failed_at" is not null)),
	CONSTRAINT "meter_point_registrations_sent_check" CHECK (("meter_point_registrations"."status" = 'sent') = ("meter_point_registrations"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedup_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupKey_unique" UNIQUE("dedup_key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"organisation_id" integer NOT NULL,
	"api_key_id" integer,
	"console_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "refresh_tokens_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "refresh_tokens_subject_check" CHECK (("refresh_tokens"."api_key_id" is null) <> ("refresh_tokens"."console_user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_rates" ADD CONSTRAINT "tariff_rates_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_statements" ADD CONSTRAINT "historical_statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD CONSTRAINT "payment_instructions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_point_registrations" ADD CONSTRAINT "meter_point_registrations_meter_point_id_meter_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."meter_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_point_registrations" ADD CONSTRAINT "meter_point_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_console_user_id_console_users_id_fk" FOREIGN KEY ("console_user_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "events_organisation_id_seq_index" ON "events" USING btree ("organisation_id","seq");--> statement-breakpoint
CREATE INDEX "products_brand_index" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "tariff_rates_lookup_idx" ON "tariff_rates" USING btree ("tariff_id","rate_type","valid_from" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notes_account_content_implicit_key" ON "notes" USING btree ("account_id","content_hash") WHERE not "notes"."created_at_given";--> statement-breakpoint
CREATE INDEX "notes_account_id_created_at_index" ON "notes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_account_id_transaction_date_index" ON "transactions" USING btree ("account_id","transaction_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instructions_one_active_key" ON "payment_instructions" USING btree ("account_id") WHERE "payment_instructions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_instructions_vendor_reference_key" ON "payment_instructions" USING btree ("vendor","reference") WHERE "payment_instructions"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "meter_point_registrations_live_key" ON "meter_point_registrations" USING btree ("meter_point_id") WHERE "meter_point_registrations"."status" in ('requested', 'sent');--> statement-breakpoint
CREATE INDEX "meter_point_registrations_account_id_index" ON "meter_point_registrations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "jobs_claimable_idx" ON "jobs" USING btree ("queue","run_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_index" ON "refresh_tokens" USING btree ("family_id");