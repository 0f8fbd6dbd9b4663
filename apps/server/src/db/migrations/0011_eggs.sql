CREATE TABLE "egg_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "egg_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"adjustment_type" text NOT NULL,
	"eggs_adjusted" integer NOT NULL,
	"unit" text DEFAULT 'eggs' NOT NULL,
	"date_adjusted" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "egg_adjustments_eggs_check" CHECK ("egg_adjustments"."eggs_adjusted" > 0)
);
--> statement-breakpoint
CREATE TABLE "egg_productions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "egg_productions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"date_produced" date NOT NULL,
	"eggs_collected" integer NOT NULL,
	"price_per_unit_cents" bigint DEFAULT 0 NOT NULL,
	"total_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "egg_productions_eggs_check" CHECK ("egg_productions"."eggs_collected" >= 0)
);
--> statement-breakpoint
CREATE TABLE "farm_egg_totals" (
	"farm_id" integer PRIMARY KEY NOT NULL,
	"productions" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "egg_adjustments" ADD CONSTRAINT "egg_adjustments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_adjustments" ADD CONSTRAINT "egg_adjustments_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_adjustments" ADD CONSTRAINT "egg_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_productions" ADD CONSTRAINT "egg_productions_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_productions" ADD CONSTRAINT "egg_productions_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_productions" ADD CONSTRAINT "egg_productions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "egg_adjustments_farm_date_idx" ON "egg_adjustments" USING btree ("farm_id","date_adjusted","id");--> statement-breakpoint
CREATE INDEX "egg_adjustments_farm_eggs_idx" ON "egg_adjustments" USING btree ("farm_id","eggs_adjusted","id");--> statement-breakpoint
CREATE INDEX "egg_adjustments_farm_type_idx" ON "egg_adjustments" USING btree ("farm_id","adjustment_type","id");--> statement-breakpoint
CREATE INDEX "egg_adjustments_farm_flock_date_idx" ON "egg_adjustments" USING btree ("farm_id","flock_id","date_adjusted");--> statement-breakpoint
CREATE UNIQUE INDEX "egg_productions_flock_day_key" ON "egg_productions" USING btree ("flock_id","date_produced");--> statement-breakpoint
CREATE INDEX "egg_productions_farm_date_idx" ON "egg_productions" USING btree ("farm_id","date_produced","id");--> statement-breakpoint
CREATE INDEX "egg_productions_farm_eggs_idx" ON "egg_productions" USING btree ("farm_id","eggs_collected","id");--> statement-breakpoint
CREATE INDEX "egg_productions_farm_revenue_idx" ON "egg_productions" USING btree ("farm_id","total_revenue_cents","id");--> statement-breakpoint
CREATE INDEX "egg_productions_farm_flock_date_idx" ON "egg_productions" USING btree ("farm_id","flock_id","date_produced");