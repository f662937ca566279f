ALTER TABLE "console_users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ADR 0109. Access tokens are checked against what they were issued for without a database read
-- where the key cache answers (server/auth/key-cache.ts): a user's token generation moving on, or
-- a refresh family revoked (any reason but rotation), tells every instance listening to forget
-- what it holds, on the same channel as a changed API key (migration 0020's api_keys_changed()).
CREATE TRIGGER console_users_changed
AFTER UPDATE OF token_generation, role, password_hash, organisation_id OR DELETE ON console_users
FOR EACH ROW EXECUTE FUNCTION api_keys_changed();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked
AFTER UPDATE OF revoked_reason ON refresh_tokens
FOR EACH ROW WHEN (NEW.revoked_reason IS DISTINCT FROM 'rotated' AND NEW.revoked_reason IS NOT NULL)
EXECUTE FUNCTION api_keys_changed();
