-- The expense rollups of migration 0016 kept by statement-level triggers (decision 020, as 0013
-- and 0014 do for eggs and sales): a statement's old rows count -1 and its new rows +1, summed
-- per key, one upsert per rollup, so bulk loads, edits (a day, an amount, a category) and
-- cascades all keep them. Each upsert locks the rows it changes until the commit: a write
-- reads its own flock-month back as it left it (the budget_exceeded check, decision 026).
CREATE OR REPLACE FUNCTION expense_rollups_add(
  farm_ids integer[], flock_ids integer[], days date[], categories text[], amounts bigint[], signs integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO expense_days AS t (farm_id, day, amount_cents, expenses)
    SELECT c.farm_id, c.day, sum(c.amount * c.sign), sum(c.sign)
    FROM unnest(farm_ids, days, amounts, signs) AS c(farm_id, day, amount, sign) GROUP BY c.farm_id, c.day
    ORDER BY 1, 2
    ON CONFLICT (farm_id, day) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents, expenses = t.expenses + excluded.expenses;
  INSERT INTO expense_flock_months AS t (farm_id, month, flock_id, amount_cents, expenses)
    SELECT c.farm_id, date_trunc('month', c.day)::date, c.flock_id, sum(c.amount * c.sign), sum(c.sign)
    FROM unnest(farm_ids, flock_ids, days, amounts, signs) AS c(farm_id, flock_id, day, amount, sign) GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (farm_id, month, flock_id) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents, expenses = t.expenses + excluded.expenses;
  INSERT INTO expense_category_months AS t (farm_id, month, category, amount_cents, expenses)
    SELECT c.farm_id, date_trunc('month', c.day)::date, c.category, sum(c.amount * c.sign), sum(c.sign)
    FROM unnest(farm_ids, days, categories, amounts, signs) AS c(farm_id, day, category, amount, sign) GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (farm_id, month, category) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents, expenses = t.expenses + excluded.expenses;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expenses_keep_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; c text[]; a bigint[]; s integer[];
BEGIN
  -- An update's new rows (+1) and old rows (-1) in one call: each rollup is upserted once, its
  -- keys in order, so two edits moving expenses between the same days lock them alike.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(amount_cents), array_agg(1)
      INTO f, k, d, c, a, s FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(amount_cents), array_agg(-1)
      INTO f, k, d, c, a, s FROM old_rows;
  ELSE
    SELECT array_agg(r.farm_id), array_agg(r.flock_id), array_agg(r.date), array_agg(r.category), array_agg(r.amount_cents), array_agg(r.sign)
      INTO f, k, d, c, a, s
      FROM (SELECT farm_id, flock_id, date, category, amount_cents, 1 AS sign FROM new_rows
            UNION ALL SELECT farm_id, flock_id, date, category, amount_cents, -1 FROM old_rows) AS r;
  END IF;
  IF f IS NOT NULL THEN PERFORM expense_rollups_add(f, k, d, c, a, s); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expenses_keep_rollups_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER expenses_keep_rollups_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER expenses_keep_rollups_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_rollups();
--> statement-breakpoint
-- The expenses already there, summed once.
SELECT expense_rollups_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(flock_id), '{}'), coalesce(array_agg(date), '{}'),
  coalesce(array_agg(category), '{}'), coalesce(array_agg(amount_cents), '{}'), coalesce(array_agg(1), '{}')) FROM expenses;
--> statement-breakpoint
-- The expense chart series is kept by the farm's data version (decision 027): a write to the
-- expenses moves it on at the commit, as writes to the egg records and sales do (0015).
CREATE CONSTRAINT TRIGGER expenses_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON expenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_farm_data_version();
