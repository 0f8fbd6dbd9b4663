CREATE TABLE "egg_adjustment_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"adjustment_type" text NOT NULL,
	"eggs" bigint DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "egg_adjustment_months_farm_id_month_adjustment_type_pk" PRIMARY KEY("farm_id","month","adjustment_type")
);
--> statement-breakpoint
CREATE TABLE "egg_flock_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"flock_id" integer NOT NULL,
	"eggs" bigint DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"daily" integer[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "egg_flock_months_farm_id_month_flock_id_pk" PRIMARY KEY("farm_id","month","flock_id")
);
--> statement-breakpoint
CREATE TABLE "egg_production_days" (
	"farm_id" integer NOT NULL,
	"day" date NOT NULL,
	"eggs" bigint DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "egg_production_days_farm_id_day_pk" PRIMARY KEY("farm_id","day")
);
--> statement-breakpoint
CREATE TABLE "egg_production_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"eggs" bigint DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "egg_production_months_farm_id_month_pk" PRIMARY KEY("farm_id","month")
);
--> statement-breakpoint
-- The rollups above kept by statement-level triggers (decision 020): a statement's old rows
-- count -1 and its new rows +1, summed per key and added in one upsert per rollup, so bulk
-- loads, edits that move a record to another day and cascades all keep them.
CREATE OR REPLACE FUNCTION egg_production_rollups_add(farm_ids integer[], flock_ids integer[], days date[], eggs bigint[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO egg_production_days AS t (farm_id, day, eggs, records)
    SELECT c.farm_id, c.day, sum(c.eggs * c.sign), sum(c.sign)
    FROM unnest(farm_ids, days, eggs, signs) AS c(farm_id, day, eggs, sign) GROUP BY c.farm_id, c.day
    ON CONFLICT (farm_id, day) DO UPDATE SET eggs = t.eggs + excluded.eggs, records = t.records + excluded.records;
  INSERT INTO egg_production_months AS t (farm_id, month, eggs, records)
    SELECT c.farm_id, date_trunc('month', c.day)::date, sum(c.eggs * c.sign), sum(c.sign)
    FROM unnest(farm_ids, days, eggs, signs) AS c(farm_id, day, eggs, sign) GROUP BY 1, 2
    ON CONFLICT (farm_id, month) DO UPDATE SET eggs = t.eggs + excluded.eggs, records = t.records + excluded.records;
  -- A flock-month's change as 31 day slots, added slot by slot to the kept ones.
  WITH changed AS (
    SELECT c.farm_id, date_trunc('month', c.day)::date AS month, c.flock_id, extract(day FROM c.day)::int AS dom,
      sum(c.eggs * c.sign) AS eggs, sum(c.sign) AS records
    FROM unnest(farm_ids, flock_ids, days, eggs, signs) AS c(farm_id, flock_id, day, eggs, sign) GROUP BY 1, 2, 3, 4
  )
  INSERT INTO egg_flock_months AS t (farm_id, month, flock_id, eggs, days, daily)
    SELECT k.farm_id, k.month, k.flock_id, coalesce(sum(d.eggs), 0), coalesce(sum(d.records), 0),
      array_agg(coalesce(d.eggs, 0)::int ORDER BY g.dom)
    FROM (SELECT DISTINCT farm_id, month, flock_id FROM changed) AS k
    CROSS JOIN generate_series(1, 31) AS g(dom)
    LEFT JOIN changed AS d ON d.farm_id = k.farm_id AND d.month = k.month AND d.flock_id = k.flock_id AND d.dom = g.dom
    GROUP BY k.farm_id, k.month, k.flock_id
    ON CONFLICT (farm_id, month, flock_id) DO UPDATE SET eggs = t.eggs + excluded.eggs, days = t.days + excluded.days,
      daily = (SELECT array_agg(coalesce(u.kept, 0) + coalesce(u.change, 0) ORDER BY u.dom)
               FROM unnest(t.daily, excluded.daily) WITH ORDINALITY AS u(kept, change, dom));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION egg_productions_keep_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; e bigint[]; s integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date_produced), array_agg(eggs_collected::bigint), array_agg(1)
      INTO f, k, d, e, s FROM new_rows;
    IF f IS NOT NULL THEN PERFORM egg_production_rollups_add(f, k, d, e, s); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date_produced), array_agg(eggs_collected::bigint), array_agg(-1)
      INTO f, k, d, e, s FROM old_rows;
    IF f IS NOT NULL THEN PERFORM egg_production_rollups_add(f, k, d, e, s); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION egg_adjustment_rollups_add(farm_ids integer[], types text[], days date[], eggs bigint[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO egg_adjustment_months AS t (farm_id, month, adjustment_type, eggs, records)
    SELECT c.farm_id, date_trunc('month', c.day)::date, c.type, sum(c.eggs * c.sign), sum(c.sign)
    FROM unnest(farm_ids, types, days, eggs, signs) AS c(farm_id, type, day, eggs, sign) GROUP BY 1, 2, 3
    ON CONFLICT (farm_id, month, adjustment_type) DO UPDATE SET eggs = t.eggs + excluded.eggs, records = t.records + excluded.records;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION egg_adjustments_keep_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k text[]; d date[]; e bigint[]; s integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(farm_id), array_agg(adjustment_type), array_agg(date_adjusted), array_agg(eggs_adjusted::bigint), array_agg(1)
      INTO f, k, d, e, s FROM new_rows;
    IF f IS NOT NULL THEN PERFORM egg_adjustment_rollups_add(f, k, d, e, s); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(farm_id), array_agg(adjustment_type), array_agg(date_adjusted), array_agg(eggs_adjusted::bigint), array_agg(-1)
      INTO f, k, d, e, s FROM old_rows;
    IF f IS NOT NULL THEN PERFORM egg_adjustment_rollups_add(f, k, d, e, s); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER egg_productions_keep_rollups_insert AFTER INSERT ON egg_productions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_productions_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER egg_productions_keep_rollups_update AFTER UPDATE ON egg_productions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_productions_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER egg_productions_keep_rollups_delete AFTER DELETE ON egg_productions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_productions_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER egg_adjustments_keep_rollups_insert AFTER INSERT ON egg_adjustments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_adjustments_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER egg_adjustments_keep_rollups_update AFTER UPDATE ON egg_adjustments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_adjustments_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER egg_adjustments_keep_rollups_delete AFTER DELETE ON egg_adjustments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION egg_adjustments_keep_rollups();
--> statement-breakpoint
-- The records already there, summed once.
SELECT egg_production_rollups_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(flock_id), '{}'), coalesce(array_agg(date_produced), '{}'),
  coalesce(array_agg(eggs_collected::bigint), '{}'), coalesce(array_agg(1), '{}')) FROM egg_productions;
--> statement-breakpoint
SELECT egg_adjustment_rollups_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(adjustment_type), '{}'), coalesce(array_agg(date_adjusted), '{}'),
  coalesce(array_agg(eggs_adjusted::bigint), '{}'), coalesce(array_agg(1), '{}')) FROM egg_adjustments;
