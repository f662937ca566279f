-- ADR 0036. Each instance keeps the organisation API keys it found valid for a few seconds
-- (server/auth/key-cache.ts). Whatever invalidates, changes or deletes a key, by whatever path
-- (the console, the CLI, SQL by hand, a cascade), tells every instance listening to forget
-- them: the notification is sent when the transaction commits, never for one rolled back.
-- last_used_at, stamped once a minute per key, is not a change worth a notification.
CREATE OR REPLACE FUNCTION api_keys_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_keys_changed', coalesce(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER api_keys_changed
AFTER UPDATE OF key_hash, organisation_id, prefix, invalidated_at OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION api_keys_changed();
