CREATE TABLE "document_roots" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"root" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_roots_root_key" UNIQUE("root"),
	CONSTRAINT "document_roots_organisation_id_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "document_roots_root_check" CHECK ("document_roots"."root" ~ '^(file://|s3://[a-z0-9][a-z0-9.-]*)(/[^/?#\\]+)*/$')
);
--> statement-breakpoint
ALTER TABLE "import_suppliers" DROP CONSTRAINT "import_suppliers_code_unique";--> statement-breakpoint
DROP INDEX "import_suppliers_organisation_id_index";--> statement-breakpoint
ALTER TABLE "import_suppliers" ADD COLUMN "document_root_id" integer;--> statement-breakpoint
ALTER TABLE "document_roots" ADD CONSTRAINT "document_roots_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_roots_organisation_id_index" ON "document_roots" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "import_suppliers" ADD CONSTRAINT "import_suppliers_document_root_fk" FOREIGN KEY ("organisation_id","document_root_id") REFERENCES "public"."document_roots"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_suppliers" ADD CONSTRAINT "import_suppliers_organisation_id_code_key" UNIQUE("organisation_id","code");--> statement-breakpoint
-- ADR 0106: two organisations' document roots never overlap. Prefixes cannot be compared by a
-- unique index, so a trigger checks them; the advisory lock serialises concurrent claims (each
-- statement in a plpgsql function reads a fresh snapshot, so the check sees a committed rival).
CREATE FUNCTION "document_roots_no_overlap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727274010);
  IF EXISTS (
    SELECT 1 FROM "document_roots" d
    WHERE d."organisation_id" <> NEW."organisation_id" AND d."id" <> NEW."id"
      AND (starts_with(NEW."root", d."root") OR starts_with(d."root", NEW."root"))
  ) THEN
    RAISE EXCEPTION 'document root % overlaps another organisation''s document root', NEW."root"
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'document_roots_no_overlap';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_roots_no_overlap" BEFORE INSERT OR UPDATE ON "document_roots"
  FOR EACH ROW EXECUTE FUNCTION "document_roots_no_overlap"();--> statement-breakpoint
-- Carry existing suppliers forward: each root (canonical: trailing slashes trimmed, one '/'
-- added) is claimed by the organisation of its oldest supplier. A root that is not canonical
-- as stored (percent-escapes, '.', '..', a host, a query), or that overlaps a root another
-- organisation claimed first, stays unclaimed: its supplier's documents are refused
-- (document_root_not_owned) until an operator sets a root the organisation can own.
DO $$
DECLARE
  s record;
  key text;
  claimed integer;
BEGIN
  FOR s IN SELECT "id", "organisation_id", "document_root" FROM "import_suppliers" ORDER BY "id" LOOP
    key := regexp_replace(s."document_root", '/+$', '') || '/';
    CONTINUE WHEN key !~ '^(file://|s3://[a-z0-9][a-z0-9.-]*)(/[^/?#\\%]+)*/$'
      OR key ~ '/\.\.?/' ;
    SELECT d."id" INTO claimed FROM "document_roots" d WHERE d."root" = key AND d."organisation_id" = s."organisation_id";
    IF claimed IS NULL THEN
      CONTINUE WHEN EXISTS (
        SELECT 1 FROM "document_roots" d
        WHERE d."organisation_id" <> s."organisation_id" AND (starts_with(key, d."root") OR starts_with(d."root", key))
      );
      INSERT INTO "document_roots" ("organisation_id", "root") VALUES (s."organisation_id", key) RETURNING "id" INTO claimed;
    END IF;
    UPDATE "import_suppliers" SET "document_root_id" = claimed WHERE "id" = s."id";
  END LOOP;
END
$$;
