-- ADR 0034. The staging statement and processing's catalogue and meter-point check join
-- `unnest($n::text[])`. A custom plan sees the array (2 codes, 2 meter points), a generic plan
-- guesses 10 elements and prices a scan of every meter point, so PostgreSQL kept planning both
-- statements anew on every call: ~1.7 ms of planning per account imported, more than their
-- execution. few_texts() is unnest with a fixed estimate of 2 rows that no plan can see through:
-- the custom and generic plans cost the same, and the generic one (the index plan) is kept after
-- the first five calls on a connection. PL/pgSQL, so it is never inlined (that would bring the
-- array's real length back into custom plans) and its own query is planned once per connection.
CREATE OR REPLACE FUNCTION few_texts(a text[]) RETURNS SETOF text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 2 AS $$
BEGIN
  RETURN QUERY SELECT unnest(a);
END
$$;
