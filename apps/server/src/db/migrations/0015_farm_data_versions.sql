CREATE TABLE "farm_data_versions" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that writes a table a cached answer reads moves its farms' data version on,
-- in its own transaction (decision 027): a flock's name, an egg record, an adjustment, a sale.
CREATE OR REPLACE FUNCTION bump_farm_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT farm_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT farm_id) INTO touched FROM (SELECT farm_id FROM new_rows UNION SELECT farm_id FROM old_rows) AS r;
  ELSE
    SELECT array_agg(DISTINCT farm_id) INTO touched FROM old_rows;
  END IF;
  IF touched IS NOT NULL THEN
    -- In farm order, so two statements touching the same farms lock them in the same order.
    INSERT INTO farm_data_versions AS t (farm_id, version)
      SELECT farm_id, 1 FROM unnest(touched) AS farm_id ORDER BY farm_id
      ON CONFLICT (farm_id) DO UPDATE SET version = t.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['flocks', 'egg_productions', 'egg_adjustments', 'sales'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_bump_version_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_farm_data_version()', tbl);
    EXECUTE format('CREATE TRIGGER %1$s_bump_version_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_farm_data_version()', tbl);
    EXECUTE format('CREATE TRIGGER %1$s_bump_version_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_farm_data_version()', tbl);
  END LOOP;
END $$;
