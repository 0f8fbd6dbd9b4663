CREATE TABLE "farm_flock_totals" (
	"farm_id" integer NOT NULL,
	"status" text NOT NULL,
	"flocks" integer DEFAULT 0 NOT NULL,
	"birds" bigint DEFAULT 0 NOT NULL,
	"weighted_rate" numeric DEFAULT '0' NOT NULL,
	"vaccinations_pending" bigint DEFAULT 0 NOT NULL,
	"vaccinations_completed" bigint DEFAULT 0 NOT NULL,
	"vaccinations_cancelled" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "farm_flock_totals_farm_id_status_pk" PRIMARY KEY("farm_id","status")
);
--> statement-breakpoint
-- One flock's share of its farm's totals, signed: +1 adds the row, -1 takes it away.
CREATE OR REPLACE FUNCTION flock_totals_apply(f flocks, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO farm_flock_totals AS t
      (farm_id, status, flocks, birds, weighted_rate, vaccinations_pending, vaccinations_completed, vaccinations_cancelled)
    VALUES (f.farm_id, f.status, 1, f.bird_count,
      coalesce(f.bird_count::numeric * f.deaths * 100 / nullif(f.initial_bird_count, 0), 0),
      f.vaccinations_pending, f.vaccinations_completed, f.vaccinations_cancelled)
    ON CONFLICT (farm_id, status) DO UPDATE SET
      flocks = t.flocks + 1,
      birds = t.birds + excluded.birds,
      weighted_rate = t.weighted_rate + excluded.weighted_rate,
      vaccinations_pending = t.vaccinations_pending + excluded.vaccinations_pending,
      vaccinations_completed = t.vaccinations_completed + excluded.vaccinations_completed,
      vaccinations_cancelled = t.vaccinations_cancelled + excluded.vaccinations_cancelled;
  ELSE
    -- An update only: the row exists since the flock was added (and may be going with its farm).
    UPDATE farm_flock_totals SET
      flocks = flocks - 1,
      birds = birds - f.bird_count,
      weighted_rate = weighted_rate - coalesce(f.bird_count::numeric * f.deaths * 100 / nullif(f.initial_bird_count, 0), 0),
      vaccinations_pending = vaccinations_pending - f.vaccinations_pending,
      vaccinations_completed = vaccinations_completed - f.vaccinations_completed,
      vaccinations_cancelled = vaccinations_cancelled - f.vaccinations_cancelled
    WHERE farm_id = f.farm_id AND status = f.status;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flocks_keep_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM flock_totals_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM flock_totals_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER flocks_keep_totals_insert_delete AFTER INSERT OR DELETE ON flocks
  FOR EACH ROW EXECUTE FUNCTION flocks_keep_totals();
--> statement-breakpoint
-- Renames and the like leave the totals alone.
CREATE TRIGGER flocks_keep_totals_update AFTER UPDATE OF farm_id, status, bird_count, deaths, initial_bird_count,
  vaccinations_pending, vaccinations_completed, vaccinations_cancelled ON flocks
  FOR EACH ROW EXECUTE FUNCTION flocks_keep_totals();
--> statement-breakpoint
INSERT INTO farm_flock_totals
  (farm_id, status, flocks, birds, weighted_rate, vaccinations_pending, vaccinations_completed, vaccinations_cancelled)
SELECT farm_id, status, count(*), sum(bird_count),
  coalesce(sum(bird_count::numeric * deaths * 100 / nullif(initial_bird_count, 0)), 0),
  sum(vaccinations_pending), sum(vaccinations_completed), sum(vaccinations_cancelled)
FROM flocks GROUP BY farm_id, status;
