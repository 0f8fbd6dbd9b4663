CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"created_by" integer,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"report_type" text NOT NULL,
	"state" text DEFAULT 'generating' NOT NULL,
	"failure" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"flock_id" integer,
	"description_filter" text,
	"expense_category" text,
	"pdf_key" text,
	"csv_key" text,
	"xlsx_key" text,
	"size_bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reports_range_check" CHECK ("reports"."end_date" > "reports"."start_date")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_farm_created_idx" ON "reports" USING btree ("farm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_pending_idx" ON "reports" USING btree ("lease_until") WHERE "reports"."state" = 'generating';