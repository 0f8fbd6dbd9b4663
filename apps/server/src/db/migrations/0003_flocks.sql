CREATE TABLE "flock_bird_count_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flock_bird_count_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"flock_id" integer NOT NULL,
	"created_by" integer,
	"reason" text NOT NULL,
	"delta" integer NOT NULL,
	"count_after" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"created_by" integer,
	"name" text NOT NULL,
	"breed" text NOT NULL,
	"age_at_adding_weeks" integer NOT NULL,
	"initial_bird_count" integer NOT NULL,
	"bird_count" integer NOT NULL,
	"deaths" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flock_bird_count_events" ADD CONSTRAINT "flock_bird_count_events_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_bird_count_events" ADD CONSTRAINT "flock_bird_count_events_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_bird_count_events" ADD CONSTRAINT "flock_bird_count_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flock_events_flock_idx" ON "flock_bird_count_events" USING btree ("farm_id","flock_id","created_at");--> statement-breakpoint
CREATE INDEX "flocks_farm_idx" ON "flocks" USING btree ("farm_id","id");--> statement-breakpoint
CREATE INDEX "flocks_farm_name_idx" ON "flocks" USING btree ("farm_id","name");