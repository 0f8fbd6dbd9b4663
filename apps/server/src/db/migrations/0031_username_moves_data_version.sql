-- The financial dashboard, kept by the farm's data version (decision 027), names who set each
-- flock's yearly budget. A username lives on `users`, which has no farm, so a change of one
-- moves on the versions of every farm the user belongs to, at the commit like the others
-- (0015); any other change to a user row leaves the kept answers as they are.
CREATE OR REPLACE FUNCTION bump_member_farms_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO farm_data_versions AS t (farm_id, version)
    SELECT farm_id, 1 FROM farm_members WHERE user_id = NEW.id
    ON CONFLICT (farm_id) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_bump_data_version AFTER UPDATE OF username ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION bump_member_farms_data_version();
