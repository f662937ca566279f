CREATE TABLE "event_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seqs" "int8multirange" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_pending" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"account_number" text,
	"organisation_id" integer
);
--> statement-breakpoint
CREATE INDEX "event_deliveries_seqs_idx" ON "event_deliveries" USING gist ("seqs");--> statement-breakpoint
-- Every events row enters the outbox as pending, in the statement that inserts it, whoever writes it (ADR 0304).
CREATE FUNCTION "events_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_pending" ("seq", "account_number", "organisation_id")
    SELECT "seq", "account_number", "organisation_id" FROM "added";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_enqueue" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "events_enqueue"();
--> statement-breakpoint
-- Rows not yet delivered stay pending; delivered ones keep their stamp's time, one row per stamp.
INSERT INTO "event_pending" ("seq", "account_number", "organisation_id")
  SELECT "seq", "account_number", "organisation_id" FROM "events" WHERE "published_at" IS NULL;
--> statement-breakpoint
INSERT INTO "event_deliveries" ("published_at", "seqs")
  SELECT "published_at", range_agg(int8range("seq", "seq", '[]')) FROM "events" WHERE "published_at" IS NOT NULL GROUP BY "published_at";
