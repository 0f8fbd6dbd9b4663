CREATE TABLE "stock_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"flock_id" integer,
	"item_id" integer,
	"day" date NOT NULL,
	"counted" numeric(14, 3) NOT NULL,
	"expected" numeric(14, 3) NOT NULL,
	"unit" text NOT NULL,
	"beyond_margin" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_counts_counted_check" CHECK ("stock_counts"."counted" >= 0),
	CONSTRAINT "stock_counts_kind_check" CHECK ("stock_counts"."kind" in ('eggs', 'feed', 'birds')),
	CONSTRAINT "stock_counts_thing_check" CHECK (("stock_counts"."kind" = 'eggs' and "stock_counts"."flock_id" is null and "stock_counts"."item_id" is null)
        or ("stock_counts"."kind" = 'feed' and "stock_counts"."item_id" is not null and "stock_counts"."flock_id" is null)
        or ("stock_counts"."kind" = 'birds' and "stock_counts"."flock_id" is not null and "stock_counts"."item_id" is null))
);
--> statement-breakpoint
CREATE TABLE "stock_count_settings" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"margin_percent" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_settings_margin_check" CHECK ("stock_count_settings"."margin_percent" between 0 and 50)
);
--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_settings" ADD CONSTRAINT "stock_count_settings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_settings" ADD CONSTRAINT "stock_count_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_counts_farm_day_idx" ON "stock_counts" USING btree ("farm_id","day","id");--> statement-breakpoint
CREATE INDEX "stock_counts_farm_thing_day_idx" ON "stock_counts" USING btree ("farm_id","kind","item_id","flock_id","day","id");--> statement-breakpoint
CREATE INDEX "stock_counts_flock_idx" ON "stock_counts" USING btree ("flock_id");--> statement-breakpoint
CREATE INDEX "stock_counts_item_idx" ON "stock_counts" USING btree ("item_id");
