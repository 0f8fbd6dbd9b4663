-- A flock's vaccinations counted by status, kept by triggers like the farm totals
-- (decision 020): every path that writes a vaccination, bulk loads and cascades included,
-- keeps them right, and the update runs under the flock's row lock, so concurrent
-- changes cannot lose one another. Statement-level with transition tables: a bulk
-- insert updates each of its flocks once, not once per row.
CREATE OR REPLACE FUNCTION flock_vaccination_counts_add(flock_ids integer[], statuses text[], signs integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE flocks f SET
    vaccinations_pending = f.vaccinations_pending + d.pending,
    vaccinations_completed = f.vaccinations_completed + d.completed,
    vaccinations_cancelled = f.vaccinations_cancelled + d.cancelled
  FROM (
    SELECT c.flock_id,
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'Pending'), 0)::int AS pending,
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'Completed'), 0)::int AS completed,
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'Cancelled'), 0)::int AS cancelled
    FROM unnest(flock_ids, statuses, signs) AS c(flock_id, status, sign)
    GROUP BY c.flock_id
  ) d
  WHERE f.id = d.flock_id AND (d.pending, d.completed, d.cancelled) <> (0, 0, 0);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vaccinations_keep_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  statuses text[];
  signs integer[];
BEGIN
  -- A trigger sees only the transition tables of its own event.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(flock_id), array_agg(status), array_agg(1) INTO ids, statuses, signs FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(flock_id), array_agg(status), array_agg(-1) INTO ids, statuses, signs FROM old_rows;
  ELSE
    SELECT array_agg(c.flock_id), array_agg(c.status), array_agg(c.sign) INTO ids, statuses, signs
    FROM (SELECT flock_id, status, 1 AS sign FROM new_rows UNION ALL SELECT flock_id, status, -1 FROM old_rows) c;
  END IF;
  IF ids IS NOT NULL THEN PERFORM flock_vaccination_counts_add(ids, statuses, signs); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vaccinations_keep_counts_insert AFTER INSERT ON vaccinations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vaccinations_keep_counts();
--> statement-breakpoint
CREATE TRIGGER vaccinations_keep_counts_update AFTER UPDATE ON vaccinations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vaccinations_keep_counts();
--> statement-breakpoint
-- A flock's cascade delete finds the flock gone and updates nothing: its share of the
-- farm totals left with it.
CREATE TRIGGER vaccinations_keep_counts_delete AFTER DELETE ON vaccinations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vaccinations_keep_counts();
--> statement-breakpoint
-- Counters kept by application code until now: recounted once from the rows.
UPDATE flocks f SET
  vaccinations_pending = coalesce(c.pending, 0),
  vaccinations_completed = coalesce(c.completed, 0),
  vaccinations_cancelled = coalesce(c.cancelled, 0)
FROM flocks f2 LEFT JOIN (
  SELECT flock_id,
    count(*) FILTER (WHERE status = 'Pending')::int AS pending,
    count(*) FILTER (WHERE status = 'Completed')::int AS completed,
    count(*) FILTER (WHERE status = 'Cancelled')::int AS cancelled
  FROM vaccinations GROUP BY flock_id
) c ON c.flock_id = f2.id
WHERE f.id = f2.id
  AND (f.vaccinations_pending, f.vaccinations_completed, f.vaccinations_cancelled)
    IS DISTINCT FROM (coalesce(c.pending, 0), coalesce(c.completed, 0), coalesce(c.cancelled, 0));
