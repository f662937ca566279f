ALTER TABLE "products" ADD COLUMN "source" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_source_check" CHECK ("products"."source" in ('file', 'demo'));--> statement-breakpoint
-- A database that already holds the demo data set keeps its demo catalogue current from now on.
UPDATE "products" SET "source" = 'demo'
WHERE "code" IN ('VAR-22-11-01', 'AGILE-24-10-01', 'SILVER-25-04-01', 'OE-FIX-12M-26-09-01', 'PREPAY-VAR-24-04-01', 'OUTGOING-VAR-24-10-26', 'VAR-21-05-01', 'GV-GREEN-24M-26-06-01', 'GV-BUSINESS-VAR-26-01-01')
  AND EXISTS (SELECT 1 FROM "organisations" WHERE "number" = 'ORG-DEMO');
