ALTER TABLE "console_users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 0109. Access tokens are checked against what they were issued for without a database read
-- where the key cache answers (server/auth/key-cache.ts): a user's token generation moving on, or
-- a refresh family revoked (any reason but rotation), tells every instance listening to forget
-- what it holds, on the same channel as a changed API key.
CREATE OR REPLACE FUNCTION access_grants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_keys_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER console_users_changed
AFTER UPDATE OF token_generation, role, password_hash, organisation_id OR DELETE ON console_users
FOR EACH ROW EXECUTE FUNCTION access_grants_changed();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked
AFTER UPDATE OF revoked_reason ON refresh_tokens
FOR EACH ROW WHEN (NEW.revoked_reason IS DISTINCT FROM 'rotated' AND NEW.revoked_reason IS NOT NULL)
EXECUTE FUNCTION access_grants_changed();
