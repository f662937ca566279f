-- ADR 0032. The search terms of an account (ADR 0407) cost 6 ms of PostgreSQL per staged or imported
-- row: a LANGUAGE sql set-returning function is planned again on every call from the trigger
-- (its plan lives for one outer query), and its many-branch query takes ~2-7 ms to plan. As
-- PL/pgSQL the query is planned once per connection and kept (generic plan forced: the first five
-- calls would otherwise each plan anew); jit stays off for it wherever it is called from.
-- The phone normaliser becomes one expression, which PostgreSQL inlines: as a query with a FROM it
-- was a function call planned anew at each of its six call sites on every run (~0.7 ms each).
CREATE OR REPLACE FUNCTION account_search_phone(s text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(coalesce(s, ''), '[^0-9]', '', 'g'), '^0044', '0'), '^44(?=[0-9]{10})', '0')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_search_terms_of(p jsonb, account_number text) RETURNS TABLE(kind text, term text, shown text)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET jit = off SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
  SELECT DISTINCT kind, term, shown FROM terms WHERE term IS NOT NULL AND term <> '' AND shown IS NOT NULL;
END
$$;
--> statement-breakpoint
-- Importing an account changes only its number's term: that one term is replaced, not all of them.
CREATE OR REPLACE FUNCTION account_search_terms_refresh() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.payload IS NOT DISTINCT FROM NEW.payload THEN
    DELETE FROM account_search_terms WHERE process_id = NEW.id AND kind = 'account_number';
    INSERT INTO account_search_terms (process_id, organisation_id, kind, term, shown)
    SELECT NEW.id, s.organisation_id, 'account_number', upper(a.number), a.number
    FROM import_suppliers s, accounts a
    WHERE s.id = NEW.supplier_id AND a.id = NEW.account_id AND a.number <> '';
    RETURN NULL;
  END IF;
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
