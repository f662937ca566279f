CREATE TABLE "account_search_terms" (
	"process_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"shown" text NOT NULL,
	CONSTRAINT "account_search_terms_kind_check" CHECK ("account_search_terms"."kind" in ('account_number', 'external_number', 'name', 'billing_name', 'email', 'phone', 'postcode', 'postcode_outward', 'mpxn', 'meter_serial'))
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "occurred_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "account_search_terms" ADD CONSTRAINT "account_search_terms_process_id_account_import_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."account_import_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_search_terms_prefix_index" ON "account_search_terms" USING btree ("organisation_id","kind","term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "account_search_terms_process_id_index" ON "account_search_terms" USING btree ("process_id");--> statement-breakpoint
-- Hand-written (ADR 0407): pg_trgm, the normalisers, the triggers that keep account_search_terms, its trigram index, the backfill, and the notes' full-text index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The distinct name words of every organisation (no account in it): typos are matched here by trigram
-- similarity, a small table, then the words found are looked up exactly in account_search_terms.
CREATE TABLE account_search_words (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX account_search_words_trgm_index ON account_search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_search_array(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN j ELSE '[]'::jsonb END
$$;
--> statement-breakpoint
-- A UK phone number as digits with a leading 0 (+44 7700 900123, 0044…, 07700 900123 are one number).
CREATE OR REPLACE FUNCTION account_search_phone(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d LIKE '0044%' THEN '0' || substr(d, 5) WHEN d LIKE '44%' AND length(d) >= 12 THEN '0' || substr(d, 3) ELSE d END
  FROM (SELECT regexp_replace(coalesce(s, ''), '[^0-9]', '', 'g') AS d) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_search_postcode(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT upper(regexp_replace(coalesce(s, ''), '\s', '', 'g'))
$$;
--> statement-breakpoint
-- Everything a caller may say about one staged account (its payload) and its platform number, normalised.
CREATE OR REPLACE FUNCTION account_search_terms_of(p jsonb, account_number text) RETURNS TABLE(kind text, term text, shown text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH people AS (
    SELECT c FROM jsonb_array_elements(account_search_array(p->'customers')) c
  ), addresses AS (
    SELECT a FROM jsonb_array_elements(account_search_array(p->'supply_addresses')) a
  ), points AS (
    SELECT mp FROM addresses, jsonb_array_elements(account_search_array(a->'meter_points') || account_search_array(a->'electricity_meter_points') || account_search_array(a->'gas_meter_points')) mp
  ), postcodes AS (
    SELECT coalesce(p->>'billing_postcode', p->'billing_address'->>'postcode', p->'billing_address'->>'postal_code') AS pc
    UNION ALL SELECT coalesce(a->>'supply_postcode', a->>'postcode') FROM addresses
  ), terms(kind, term, shown) AS (
    SELECT 'account_number', upper(account_number), account_number
    UNION ALL SELECT 'external_number', lower(p->>'external_account_number'), p->>'external_account_number'
    UNION ALL SELECT 'billing_name', w, p->>'billing_name' FROM regexp_split_to_table(lower(p->>'billing_name'), '[^[:alnum:]'']+') w
    UNION ALL SELECT 'name', w, n FROM (SELECT concat_ws(' ', nullif(c->>'given_name', ''), nullif(c->>'family_name', '')) AS n FROM people) x, regexp_split_to_table(lower(n), '[^[:alnum:]'']+') w
    UNION ALL SELECT 'email', lower(e), e FROM (SELECT p->>'billing_email' AS e UNION ALL SELECT c->>'email' FROM people) x
    UNION ALL SELECT 'phone', account_search_phone(t), t FROM (SELECT c->>'mobile' AS t FROM people UNION ALL SELECT c->>'landline' FROM people) x
    UNION ALL SELECT 'postcode', account_search_postcode(pc), pc FROM postcodes
    UNION ALL SELECT 'postcode_outward', left(account_search_postcode(pc), -3), pc FROM postcodes WHERE length(account_search_postcode(pc)) >= 5
    UNION ALL SELECT 'mpxn', coalesce(mp->>'identifier', mp->>'mpan', mp->>'mprn'), coalesce(mp->>'identifier', mp->>'mpan', mp->>'mprn') FROM points
    UNION ALL SELECT 'meter_serial', upper(regexp_replace(coalesce(m->>'meter_serial_number', m->>'serial_number'), '\s', '', 'g')), coalesce(m->>'meter_serial_number', m->>'serial_number')
      FROM points, jsonb_array_elements(account_search_array(mp->'meters')) m
  )
  SELECT DISTINCT kind, term, shown FROM terms WHERE term IS NOT NULL AND term <> '' AND shown IS NOT NULL
$$;
--> statement-breakpoint
-- jit off: the terms query's estimate is above jit_above_cost, and compiling it (~100 ms) per staged row would dwarf the work.
CREATE OR REPLACE FUNCTION account_search_terms_refresh() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  -- Only an update has terms to replace (a DELETE per inserted row would cost a bulk stage a scan each).
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM account_search_terms WHERE process_id = NEW.id;
  END IF;
  INSERT INTO account_search_terms (process_id, organisation_id, kind, term, shown)
  SELECT NEW.id, s.organisation_id, t.kind, t.term, t.shown
  FROM import_suppliers s
  CROSS JOIN LATERAL account_search_terms_of(NEW.payload, (SELECT a.number FROM accounts a WHERE a.id = NEW.account_id)) t
  WHERE s.id = NEW.supplier_id;
  INSERT INTO account_search_words (word)
  SELECT DISTINCT term FROM account_search_terms WHERE process_id = NEW.id AND kind IN ('name', 'billing_name')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER account_search_terms_on_insert AFTER INSERT ON account_import_processes
  FOR EACH ROW EXECUTE FUNCTION account_search_terms_refresh();
--> statement-breakpoint
CREATE TRIGGER account_search_terms_on_update AFTER UPDATE OF payload, account_id ON account_import_processes
  FOR EACH ROW WHEN (OLD.payload IS DISTINCT FROM NEW.payload OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION account_search_terms_refresh();
--> statement-breakpoint
INSERT INTO account_search_terms (process_id, organisation_id, kind, term, shown)
SELECT p.id, s.organisation_id, t.kind, t.term, t.shown
FROM account_import_processes p
JOIN import_suppliers s ON s.id = p.supplier_id
LEFT JOIN accounts a ON a.id = p.account_id
CROSS JOIN LATERAL account_search_terms_of(p.payload, a.number) t;
--> statement-breakpoint
INSERT INTO account_search_words (word) SELECT DISTINCT term FROM account_search_terms WHERE kind IN ('name', 'billing_name') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE INDEX notes_body_search_index ON notes USING gin (to_tsvector('english', coalesce(body, '')));
