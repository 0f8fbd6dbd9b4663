CREATE TABLE "farm_inventory_totals" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"low_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"item_name" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text DEFAULT 'pieces' NOT NULL,
	"reorder_level" numeric(14, 3) NOT NULL,
	"cost_per_unit_cents" bigint NOT NULL,
	"value_cents" bigint GENERATED ALWAYS AS (round(quantity * cost_per_unit_cents)::bigint) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_quantity_check" CHECK ("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_reorder_check" CHECK ("inventory_items"."reorder_level" > 0),
	CONSTRAINT "inventory_items_cost_check" CHECK ("inventory_items"."cost_per_unit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"kind" text NOT NULL,
	"change" numeric(14, 3) NOT NULL,
	"balance" numeric(14, 3) NOT NULL,
	"cost_per_unit_cents" bigint,
	"reason" text,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_movements_balance_check" CHECK ("inventory_movements"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_farm_name_idx" ON "inventory_items" USING btree ("farm_id","item_name","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_flock_idx" ON "inventory_items" USING btree ("farm_id","flock_id","item_name","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_quantity_idx" ON "inventory_items" USING btree ("farm_id","quantity","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_reorder_idx" ON "inventory_items" USING btree ("farm_id","reorder_level","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_cost_idx" ON "inventory_items" USING btree ("farm_id","cost_per_unit_cents","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_value_idx" ON "inventory_items" USING btree ("farm_id","value_cents","id");--> statement-breakpoint
CREATE INDEX "inventory_items_farm_low_idx" ON "inventory_items" USING btree ("farm_id",("quantity" / "reorder_level"),"id") WHERE "inventory_items"."quantity" <= "inventory_items"."reorder_level";--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" USING btree ("farm_id","item_id","id");