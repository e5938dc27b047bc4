-- Every change of what a day view reads (server/services/appointments.ts: the visits, their people's accounts and
-- users, the ZIP codes' zones, the vendor's notes of the day) is announced on the channel 'tendwell_day_changes', so
-- each server process drops the day answers it remembers (server/db/changes.ts). One notification per statement;
-- PostgreSQL sends it at commit. users and accounts also notify 'tendwell_session_changes' (0022). The function
-- notifies the channel its trigger names, so a later feed needs only its triggers.
CREATE OR REPLACE FUNCTION tendwell_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_day_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION tendwell_notify_change('tendwell_day_changes');
--> statement-breakpoint
CREATE TRIGGER users_day_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION tendwell_notify_change('tendwell_day_changes');
--> statement-breakpoint
CREATE TRIGGER accounts_day_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION tendwell_notify_change('tendwell_day_changes');
--> statement-breakpoint
CREATE TRIGGER service_area_zip_codes_day_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_area_zip_codes FOR EACH STATEMENT EXECUTE FUNCTION tendwell_notify_change('tendwell_day_changes');
--> statement-breakpoint
CREATE TRIGGER vendor_today_notes_day_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_today_notes FOR EACH STATEMENT EXECUTE FUNCTION tendwell_notify_change('tendwell_day_changes');
