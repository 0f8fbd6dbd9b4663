CREATE TABLE "farm_sale_counters" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"last_ref_no" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_category_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"quantity" numeric(18, 3) DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_category_months_farm_id_month_category_pk" PRIMARY KEY("farm_id","month","category")
);
--> statement-breakpoint
CREATE TABLE "sale_days" (
	"farm_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_days_farm_id_day_pk" PRIMARY KEY("farm_id","day")
);
--> statement-breakpoint
CREATE TABLE "sale_flock_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"flock_id" integer NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_flock_months_farm_id_month_flock_id_pk" PRIMARY KEY("farm_id","month","flock_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"ref_no" integer NOT NULL,
	"category" text NOT NULL,
	"product" text NOT NULL,
	"description" text,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"sale_type" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quantity_check" CHECK ("sales"."quantity" > 0),
	CONSTRAINT "sales_money_check" CHECK ("sales"."unit_price_cents" >= 0 and "sales"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_farm_ref_key" ON "sales" USING btree ("farm_id","ref_no");--> statement-breakpoint
CREATE INDEX "sales_farm_date_idx" ON "sales" USING btree ("farm_id","date","id");--> statement-breakpoint
CREATE INDEX "sales_farm_product_idx" ON "sales" USING btree ("farm_id","product","id");--> statement-breakpoint
CREATE INDEX "sales_farm_category_idx" ON "sales" USING btree ("farm_id","category","id");--> statement-breakpoint
CREATE INDEX "sales_farm_quantity_idx" ON "sales" USING btree ("farm_id","quantity","id");--> statement-breakpoint
CREATE INDEX "sales_farm_amount_idx" ON "sales" USING btree ("farm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "sales_farm_status_idx" ON "sales" USING btree ("farm_id","status","id");--> statement-breakpoint
CREATE INDEX "sales_farm_flock_date_idx" ON "sales" USING btree ("farm_id","flock_id","date","id");--> statement-breakpoint
CREATE INDEX "sales_farm_pending_date_idx" ON "sales" USING btree ("farm_id","date") WHERE "sales"."status" = 'pending';--> statement-breakpoint
-- The rollups above kept by statement-level triggers (decision 020, as migration 0013 does for
-- eggs): a statement's old rows count -1 and its new rows +1, summed per key, one upsert per
-- rollup, so bulk loads, edits (a status, a day, an amount) and cascades all keep them.
CREATE OR REPLACE FUNCTION sale_rollups_add(
  farm_ids integer[], flock_ids integer[], days date[], categories text[], quantities numeric[],
  amounts bigint[], paid boolean[], signs integer[]
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO farm_sale_counters AS t (farm_id, sales)
    SELECT c.farm_id, sum(c.sign) FROM unnest(farm_ids, signs) AS c(farm_id, sign) GROUP BY c.farm_id
    ON CONFLICT (farm_id) DO UPDATE SET sales = t.sales + excluded.sales;
  INSERT INTO sale_days AS t (farm_id, day, amount_cents, sales, paid_cents, paid_sales)
    SELECT c.farm_id, c.day, sum(c.amount * c.sign), sum(c.sign),
      sum(CASE WHEN c.paid THEN c.amount * c.sign ELSE 0 END), sum(CASE WHEN c.paid THEN c.sign ELSE 0 END)
    FROM unnest(farm_ids, days, amounts, paid, signs) AS c(farm_id, day, amount, paid, sign) GROUP BY c.farm_id, c.day
    ON CONFLICT (farm_id, day) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents, sales = t.sales + excluded.sales,
      paid_cents = t.paid_cents + excluded.paid_cents, paid_sales = t.paid_sales + excluded.paid_sales;
  INSERT INTO sale_category_months AS t (farm_id, month, category, amount_cents, quantity, sales)
    SELECT c.farm_id, date_trunc('month', c.day)::date, c.category, sum(c.amount * c.sign), sum(c.quantity * c.sign), sum(c.sign)
    FROM unnest(farm_ids, days, categories, quantities, amounts, signs) AS c(farm_id, day, category, quantity, amount, sign) GROUP BY 1, 2, 3
    ON CONFLICT (farm_id, month, category) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents,
      quantity = t.quantity + excluded.quantity, sales = t.sales + excluded.sales;
  INSERT INTO sale_flock_months AS t (farm_id, month, flock_id, amount_cents, sales)
    SELECT c.farm_id, date_trunc('month', c.day)::date, c.flock_id, sum(c.amount * c.sign), sum(c.sign)
    FROM unnest(farm_ids, flock_ids, days, amounts, signs) AS c(farm_id, flock_id, day, amount, sign) GROUP BY 1, 2, 3
    ON CONFLICT (farm_id, month, flock_id) DO UPDATE SET amount_cents = t.amount_cents + excluded.amount_cents, sales = t.sales + excluded.sales;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_keep_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  f integer[]; k integer[]; d date[]; c text[]; q numeric[]; a bigint[]; p boolean[]; s integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(quantity),
      array_agg(amount_cents), array_agg(status = 'paid'), array_agg(1)
      INTO f, k, d, c, q, a, p, s FROM new_rows;
    IF f IS NOT NULL THEN PERFORM sale_rollups_add(f, k, d, c, q, a, p, s); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(farm_id), array_agg(flock_id), array_agg(date), array_agg(category), array_agg(quantity),
      array_agg(amount_cents), array_agg(status = 'paid'), array_agg(-1)
      INTO f, k, d, c, q, a, p, s FROM old_rows;
    IF f IS NOT NULL THEN PERFORM sale_rollups_add(f, k, d, c, q, a, p, s); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_keep_rollups_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER sales_keep_rollups_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_rollups();
--> statement-breakpoint
CREATE TRIGGER sales_keep_rollups_delete AFTER DELETE ON sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_keep_rollups();
