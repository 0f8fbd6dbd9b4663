CREATE TABLE "vaccinations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vaccinations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"vaccine_name" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"mode_of_administration" text NOT NULL,
	"schedule_day" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vaccinations_farm_date_idx" ON "vaccinations" USING btree ("farm_id","date");--> statement-breakpoint
CREATE INDEX "vaccinations_flock_date_idx" ON "vaccinations" USING btree ("farm_id","flock_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vaccinations_flock_schedule_day_key" ON "vaccinations" USING btree ("flock_id","schedule_day") WHERE "vaccinations"."schedule_day" is not null;