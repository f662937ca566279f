DROP INDEX "events_type_index";--> statement-breakpoint
-- A time-ordered UUID (RFC 9562 version 7) made by PostgreSQL, for outbox rows written by
-- INSERT ... SELECT (the same layout as the uuid package's v7 used by emit()).
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
      FROM 1 FOR 6), 52, 1), 53, 1),
    'hex')::uuid
$$;
