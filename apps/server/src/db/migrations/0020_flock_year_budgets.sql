CREATE TABLE "flock_year_budgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flock_year_budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"year" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flock_year_budgets_amount_check" CHECK ("flock_year_budgets"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "flock_year_budgets" ADD CONSTRAINT "flock_year_budgets_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_year_budgets" ADD CONSTRAINT "flock_year_budgets_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_year_budgets" ADD CONSTRAINT "flock_year_budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flock_year_budgets_farm_year_flock_key" ON "flock_year_budgets" USING btree ("farm_id","year","flock_id");