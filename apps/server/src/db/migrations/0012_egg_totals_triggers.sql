-- Each farm's egg records counted by statement-level triggers (decision 020): every path that
-- writes a record, bulk loads and cascades included, keeps the count; a list's total reads it.
CREATE OR REPLACE FUNCTION farm_egg_totals_add(farm_ids integer[], column_name text, signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF column_name = 'productions' THEN
    INSERT INTO farm_egg_totals AS t (farm_id, productions)
      SELECT c.farm_id, sum(c.sign) FROM unnest(farm_ids, signs) AS c(farm_id, sign) GROUP BY c.farm_id
      ON CONFLICT (farm_id) DO UPDATE SET productions = t.productions + excluded.productions;
  ELSE
    INSERT INTO farm_egg_totals AS t (farm_id, adjustments)
      SELECT c.farm_id, sum(c.sign) FROM unnest(farm_ids, signs) AS c(farm_id, sign) GROUP BY c.farm_id
      ON CONFLICT (farm_id) DO UPDATE SET adjustments = t.adjustments + excluded.adjustments;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION egg_records_keep_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  signs integer[];
  column_name text := CASE TG_TABLE_NAME WHEN 'egg_productions' THEN 'productions' ELSE 'adjustments' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(farm_id), array_agg(1) INTO ids, signs FROM new_rows;
  ELSE
    SELECT array_agg(farm_id), array_agg(-1) INTO ids, signs FROM old_rows;
  END IF;
  IF ids IS NOT NULL THEN PERFORM farm_egg_totals_add(ids, column_name, signs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER egg_productions_keep_totals_insert AFTER INSERT ON egg_productions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_records_keep_totals();
--> statement-breakpoint
CREATE TRIGGER egg_productions_keep_totals_delete AFTER DELETE ON egg_productions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_records_keep_totals();
--> statement-breakpoint
CREATE TRIGGER egg_adjustments_keep_totals_insert AFTER INSERT ON egg_adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_records_keep_totals();
--> statement-breakpoint
CREATE TRIGGER egg_adjustments_keep_totals_delete AFTER DELETE ON egg_adjustments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_records_keep_totals();
