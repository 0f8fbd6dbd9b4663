-- Who a token belongs to (session, user, farm, membership) is read on every request;
-- the embedded server keeps it for a few seconds (docs/decisions/019). Any change to
-- those rows, from any code path or by hand, announces itself here, at commit, so the
-- kept copies are dropped before the changing statement's own answer is sent.
CREATE OR REPLACE FUNCTION notify_principal_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kuku_principal_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_principal_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
--> statement-breakpoint
CREATE TRIGGER users_principal_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
--> statement-breakpoint
CREATE TRIGGER farms_principal_change AFTER UPDATE OR DELETE OR TRUNCATE ON farms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
--> statement-breakpoint
CREATE TRIGGER farm_members_principal_change AFTER UPDATE OR DELETE OR TRUNCATE ON farm_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
