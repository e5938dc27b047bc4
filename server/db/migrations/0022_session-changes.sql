-- Every change of what a session check reads (the user, its accounts, revoked tokens) is announced on the
-- channel 'tendwell_session_changes', so each server process drops the session records it remembers
-- (server/db/changes.ts, server/auth/tokens.ts). One notification per statement; PostgreSQL sends it at commit.
CREATE OR REPLACE FUNCTION tendwell_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tendwell_session_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION tendwell_session_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION tendwell_session_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON revoked_tokens FOR EACH STATEMENT EXECUTE FUNCTION tendwell_session_changed();
