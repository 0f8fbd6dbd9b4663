CREATE TABLE "farm_data_versions" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every transaction that writes a table a cached answer reads moves its farms' data version on
-- (decision 027): a flock, an egg record, an adjustment, a sale. The bump waits for the commit
-- (a deferred constraint trigger), so the version row is the last lock a writer takes and
-- versions follow the commit order; a setting local to the transaction makes it once per farm.
CREATE OR REPLACE FUNCTION bump_farm_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  farm integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.farm_id ELSE NEW.farm_id END;
  marker text := 'kuku.data_version_' || farm;
BEGIN
  IF coalesce(current_setting(marker, true), '') <> 'bumped' THEN
    INSERT INTO farm_data_versions AS t (farm_id, version) VALUES (farm, 1)
      ON CONFLICT (farm_id) DO UPDATE SET version = t.version + 1;
    PERFORM set_config(marker, 'bumped', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['flocks', 'egg_productions', 'egg_adjustments', 'sales'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %1$s_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON %1$I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_farm_data_version()', tbl);
  END LOOP;
END $$;
