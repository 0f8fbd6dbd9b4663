CREATE TABLE "flock_weighings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flock_weighings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"date" date NOT NULL,
	"birds" integer NOT NULL,
	"total_kg" numeric(14, 3) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flock_weighings_birds_check" CHECK ("flock_weighings"."birds" > 0),
	CONSTRAINT "flock_weighings_total_check" CHECK ("flock_weighings"."total_kg" > 0)
);
--> statement-breakpoint
ALTER TABLE "flock_weighings" ADD CONSTRAINT "flock_weighings_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_weighings" ADD CONSTRAINT "flock_weighings_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_weighings" ADD CONSTRAINT "flock_weighings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flock_weighings_flock_date_idx" ON "flock_weighings" USING btree ("farm_id","flock_id","date","id");