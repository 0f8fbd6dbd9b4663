-- The flock economics rollups of migration 0042 kept by statement-level triggers (decision 020,
-- as 0013, 0014 and 0017 do): a statement's old rows count -1 and its new rows +1, summed per key,
-- one upsert per rollup in key order, so bulk loads, edits (a day, a flock, an item, an amount, a
-- category) and cascades all keep them. Then the rows already there, summed once.
CREATE OR REPLACE FUNCTION feed_flock_months_add(
  farm_ids integer[], flock_ids integer[], days date[], item_ids integer[], quantities numeric[], costs bigint[], signs integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feed_flock_months AS t (farm_id, flock_id, month, item_id, records, quantity, cost_cents)
    SELECT c.farm_id, c.flock_id, date_trunc('month', c.day)::date, c.item_id, sum(c.sign), sum(c.quantity * c.sign), sum(c.cost * c.sign)
    FROM unnest(farm_ids, flock_ids, days, item_ids, quantities, costs, signs) AS c(farm_id, flock_id, day, item_id, quantity, cost, sign)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (farm_id, flock_id, month, item_id) DO UPDATE SET records = t.records + excluded.records,
      quantity = t.quantity + excluded.quantity, cost_cents = t.cost_cents + excluded.cost_cents;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION feed_records_keep_economics() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; i integer[]; q numeric[]; c bigint[]; s integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(item_id), array_agg(quantity), array_agg(cost_cents), array_agg(1)
      INTO f, k, d, i, q, c, s FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(item_id), array_agg(quantity), array_agg(cost_cents), array_agg(-1)
      INTO f, k, d, i, q, c, s FROM old_rows;
  ELSE
    SELECT array_agg(r.farm_id), array_agg(r.flock_id), array_agg(r.date), array_agg(r.item_id), array_agg(r.quantity), array_agg(r.cost_cents), array_agg(r.sign)
      INTO f, k, d, i, q, c, s
      FROM (SELECT farm_id, flock_id, date, item_id, quantity, cost_cents, 1 AS sign FROM new_rows
            UNION ALL SELECT farm_id, flock_id, date, item_id, quantity, cost_cents, -1 FROM old_rows) AS r;
  END IF;
  IF f IS NOT NULL THEN PERFORM feed_flock_months_add(f, k, d, i, q, c, s); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER feed_records_keep_economics_insert AFTER INSERT ON feed_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_records_keep_economics();
--> statement-breakpoint
CREATE TRIGGER feed_records_keep_economics_update AFTER UPDATE ON feed_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_records_keep_economics();
--> statement-breakpoint
CREATE TRIGGER feed_records_keep_economics_delete AFTER DELETE ON feed_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_records_keep_economics();
--> statement-breakpoint
SELECT feed_flock_months_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(flock_id), '{}'), coalesce(array_agg(date), '{}'), coalesce(array_agg(item_id), '{}'),
  coalesce(array_agg(quantity), '{}'), coalesce(array_agg(cost_cents), '{}'), coalesce(array_agg(1), '{}')) FROM feed_records;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expense_flock_category_months_add(
  farm_ids integer[], flock_ids integer[], days date[], categories text[], amounts bigint[], signs integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO expense_flock_category_months AS t (farm_id, flock_id, month, category, amount_cents, expenses)
    SELECT c.farm_id, c.flock_id, date_trunc('month', c.day)::date, c.category, sum(c.amount * c.sign), sum(c.sign)
    FROM unnest(farm_ids, flock_ids, days, categories, amounts, signs) AS c(farm_id, flock_id, day, category, amount, sign)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (farm_id, flock_id, month, category) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents,
      expenses = t.expenses + excluded.expenses;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expenses_keep_economics() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; c text[]; a bigint[]; s integer[];
BEGIN
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
  IF f IS NOT NULL THEN PERFORM expense_flock_category_months_add(f, k, d, c, a, s); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expenses_keep_economics_insert AFTER INSERT ON expenses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_economics();
--> statement-breakpoint
CREATE TRIGGER expenses_keep_economics_update AFTER UPDATE ON expenses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_economics();
--> statement-breakpoint
CREATE TRIGGER expenses_keep_economics_delete AFTER DELETE ON expenses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION expenses_keep_economics();
--> statement-breakpoint
SELECT expense_flock_category_months_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(flock_id), '{}'), coalesce(array_agg(date), '{}'),
  coalesce(array_agg(category), '{}'), coalesce(array_agg(amount_cents), '{}'), coalesce(array_agg(1), '{}')) FROM expenses;
--> statement-breakpoint
-- A sale's weight counts where it was sold with one (decision 072): its kilos, birds and money.
CREATE OR REPLACE FUNCTION sale_flock_category_months_add(
  farm_ids integer[], flock_ids integer[], days date[], categories text[], quantities numeric[], amounts bigint[],
  weights numeric[], birds integer[], signs integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_flock_category_months AS t (farm_id, flock_id, month, category, sales, quantity, amount_cents, weighed_kg, weighed_birds, weighed_cents)
    SELECT c.farm_id, c.flock_id, date_trunc('month', c.day)::date, c.category, sum(c.sign), sum(c.quantity * c.sign), sum(c.amount * c.sign),
      coalesce(sum(c.weight * c.sign), 0),
      coalesce(sum(CASE WHEN c.weight IS NOT NULL THEN c.birds * c.sign END), 0),
      coalesce(sum(CASE WHEN c.weight IS NOT NULL THEN c.amount * c.sign END), 0)
    FROM unnest(farm_ids, flock_ids, days, categories, quantities, amounts, weights, birds, signs)
      AS c(farm_id, flock_id, day, category, quantity, amount, weight, birds, sign)
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (farm_id, flock_id, month, category) DO UPDATE SET sales = t.sales + excluded.sales,
      quantity = t.quantity + excluded.quantity, amount_cents = t.amount_cents + excluded.amount_cents,
      weighed_kg = t.weighed_kg + excluded.weighed_kg, weighed_birds = t.weighed_birds + excluded.weighed_birds,
      weighed_cents = t.weighed_cents + excluded.weighed_cents;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_keep_economics() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; c text[]; q numeric[]; a bigint[]; w numeric[]; b integer[]; s integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(quantity), array_agg(amount_cents),
      array_agg(weight_kg), array_agg(birds), array_agg(1)
      INTO f, k, d, c, q, a, w, b, s FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(quantity), array_agg(amount_cents),
      array_agg(weight_kg), array_agg(birds), array_agg(-1)
      INTO f, k, d, c, q, a, w, b, s FROM old_rows;
  ELSE
    SELECT array_agg(r.farm_id), array_agg(r.flock_id), array_agg(r.date), array_agg(r.category), array_agg(r.quantity), array_agg(r.amount_cents),
      array_agg(r.weight_kg), array_agg(r.birds), array_agg(r.sign)
      INTO f, k, d, c, q, a, w, b, s
      FROM (SELECT farm_id, flock_id, date, category, quantity, amount_cents, weight_kg, birds, 1 AS sign FROM new_rows
            UNION ALL SELECT farm_id, flock_id, date, category, quantity, amount_cents, weight_kg, birds, -1 FROM old_rows) AS r;
  END IF;
  IF f IS NOT NULL THEN PERFORM sale_flock_category_months_add(f, k, d, c, q, a, w, b, s); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_keep_economics_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_economics();
--> statement-breakpoint
CREATE TRIGGER sales_keep_economics_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_economics();
--> statement-breakpoint
CREATE TRIGGER sales_keep_economics_delete AFTER DELETE ON sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_economics();
--> statement-breakpoint
SELECT sale_flock_category_months_add(
  coalesce(array_agg(farm_id), '{}'), coalesce(array_agg(flock_id), '{}'), coalesce(array_agg(date), '{}'), coalesce(array_agg(category), '{}'),
  coalesce(array_agg(quantity), '{}'), coalesce(array_agg(amount_cents), '{}'), coalesce(array_agg(weight_kg), '{}'),
  coalesce(array_agg(birds), '{}'), coalesce(array_agg(1), '{}')) FROM sales;
