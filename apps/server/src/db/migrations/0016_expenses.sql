CREATE TABLE "budgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_month_check" CHECK ("budgets"."month" between 1 and 12),
	CONSTRAINT "budgets_amount_check" CHECK ("budgets"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expense_category_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_category_months_farm_id_month_category_pk" PRIMARY KEY("farm_id","month","category")
);
--> statement-breakpoint
CREATE TABLE "expense_days" (
	"farm_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_days_farm_id_day_pk" PRIMARY KEY("farm_id","day")
);
--> statement-breakpoint
CREATE TABLE "expense_flock_months" (
	"farm_id" integer NOT NULL,
	"month" date NOT NULL,
	"flock_id" integer NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_flock_months_farm_id_month_flock_id_pk" PRIMARY KEY("farm_id","month","flock_id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_farm_flock_period_key" ON "budgets" USING btree ("farm_id","flock_id","year","month");--> statement-breakpoint
CREATE INDEX "budgets_farm_period_idx" ON "budgets" USING btree ("farm_id","year","month","id");--> statement-breakpoint
CREATE INDEX "budgets_farm_amount_idx" ON "budgets" USING btree ("farm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "expenses_farm_date_idx" ON "expenses" USING btree ("farm_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_farm_description_idx" ON "expenses" USING btree ("farm_id","description","id");--> statement-breakpoint
CREATE INDEX "expenses_farm_category_idx" ON "expenses" USING btree ("farm_id","category","id");--> statement-breakpoint
CREATE INDEX "expenses_farm_amount_idx" ON "expenses" USING btree ("farm_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "expenses_farm_flock_date_idx" ON "expenses" USING btree ("farm_id","flock_id","date","id");