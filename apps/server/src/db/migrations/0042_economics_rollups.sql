-- The flock economics rollups (decision 071), kept by the triggers of migration 0043.
CREATE TABLE "expense_flock_category_months" (
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"expenses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expense_flock_category_months_farm_id_flock_id_month_category_pk" PRIMARY KEY("farm_id","flock_id","month","category")
);
--> statement-breakpoint
CREATE TABLE "feed_flock_months" (
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"month" date NOT NULL,
	"item_id" integer NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"quantity" numeric(18, 3) DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "feed_flock_months_farm_id_flock_id_month_item_id_pk" PRIMARY KEY("farm_id","flock_id","month","item_id")
);
--> statement-breakpoint
CREATE TABLE "sale_flock_category_months" (
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"quantity" numeric(18, 3) DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"weighed_kg" numeric(18, 3) DEFAULT 0 NOT NULL,
	"weighed_birds" bigint DEFAULT 0 NOT NULL,
	"weighed_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_flock_category_months_farm_id_flock_id_month_category_pk" PRIMARY KEY("farm_id","flock_id","month","category")
);
