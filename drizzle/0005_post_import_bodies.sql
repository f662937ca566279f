ALTER TABLE "notes" DROP CONSTRAINT "notes_account_content_created_at_key";--> statement-breakpoint
ALTER TABLE "notes" DROP CONSTRAINT "notes_unpin_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_amount_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_payment_type_check";--> statement-breakpoint
DROP INDEX "notes_account_content_implicit_key";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "amount" SET DATA TYPE numeric(20, 10);--> statement-breakpoint
ALTER TABLE "historical_statements" ALTER COLUMN "issued_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "historical_statements" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "billing_document_identifier" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "supply_point_identifier" text;--> statement-breakpoint
ALTER TABLE "historical_statements" ADD COLUMN "gross_amount_pence" bigint;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD COLUMN "ledger_code" text;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD COLUMN "use_for_scheduled_payments" boolean;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD COLUMN "valid_from" date;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_account_external_id_key" ON "notes" USING btree ("account_id","external_id") WHERE "notes"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_account_content_created_at_key" ON "notes" USING btree ("account_id","content_hash","created_at") WHERE "notes"."external_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_account_content_implicit_key" ON "notes" USING btree ("account_id","content_hash") WHERE not "notes"."created_at_given" and "notes"."external_id" is null;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_unpin_check" CHECK ("notes"."unpin_at" is null or "notes"."is_pinned");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_statement_check" CHECK ("transactions"."statement" in ('current', 'historical'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_type_check" CHECK ("transactions"."payment_type" is null or "transactions"."type" in ('PAYMENT', 'REPAYMENT'));--> statement-breakpoint
-- gross_amount was pounds (numeric(14,2)); production sends pence: convert every stored statement exactly.
UPDATE "historical_statements" SET "gross_amount_pence" = ("gross_amount" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "historical_statements" DROP COLUMN "gross_amount";