-- Each farm's items, stock value and items at or below their reorder level (farm_inventory_totals
-- of migration 0018), kept by statement-level triggers on inventory_items (decision 020, as 0017
-- does for expenses): a statement's old rows count -1 and its new rows +1, summed per farm, one
-- upsert, so bulk loads, edits, stock movements and cascades all keep it. The list's total and
-- the statistics read this row, never every item.
CREATE OR REPLACE FUNCTION inventory_totals_add(farm_ids integer[], values_cents bigint[], lows integer[], signs integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO farm_inventory_totals AS t (farm_id, items, value_cents, low_stock)
    SELECT c.farm_id, sum(c.sign), sum(c.value_cents * c.sign), sum(c.low * c.sign)
    FROM unnest(farm_ids, values_cents, lows, signs) AS c(farm_id, value_cents, low, sign) GROUP BY c.farm_id
    ORDER BY 1
    ON CONFLICT (farm_id) DO UPDATE SET items = t.items + excluded.items, value_cents = t.value_cents + excluded.value_cents,
      low_stock = t.low_stock + excluded.low_stock;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_items_keep_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; v bigint[]; l integer[]; s integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(farm_id), array_agg(value_cents), array_agg((quantity <= reorder_level)::int), array_agg(1)
      INTO f, v, l, s FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(farm_id), array_agg(value_cents), array_agg((quantity <= reorder_level)::int), array_agg(-1)
      INTO f, v, l, s FROM old_rows;
  ELSE
    SELECT array_agg(r.farm_id), array_agg(r.value_cents), array_agg(r.low), array_agg(r.sign)
      INTO f, v, l, s
      FROM (SELECT farm_id, value_cents, (quantity <= reorder_level)::int AS low, 1 AS sign FROM new_rows
            UNION ALL SELECT farm_id, value_cents, (quantity <= reorder_level)::int, -1 FROM old_rows) AS r;
  END IF;
  IF f IS NOT NULL THEN PERFORM inventory_totals_add(f, v, l, s); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_items_keep_totals_insert AFTER INSERT ON inventory_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_items_keep_totals();
--> statement-breakpoint
CREATE TRIGGER inventory_items_keep_totals_update AFTER UPDATE ON inventory_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_items_keep_totals();
--> statement-breakpoint
CREATE TRIGGER inventory_items_keep_totals_delete AFTER DELETE ON inventory_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_items_keep_totals();
