-- A session signed in with an app password ends when the app password is revoked (issue 21): the session check
-- reads app_passwords too (server/auth/tokens.ts), so its changes are announced like those of users, accounts and
-- revoked tokens (0022_session-changes), and each server process drops the session records it remembers.
CREATE TRIGGER app_passwords_session_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_passwords FOR EACH STATEMENT EXECUTE FUNCTION tendwell_session_changed();
