CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"created_by" integer,
	"method" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"phone" text,
	"email" text,
	"provider_request_id" text,
	"merchant_request_id" text,
	"mpesa_receipt" text,
	"result_code" integer,
	"result_desc" text,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"paid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_farm_reference_idx" ON "payments" USING btree ("farm_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_request_idx" ON "payments" USING btree ("method","provider_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_mpesa_receipt_idx" ON "payments" USING btree ("mpesa_receipt");--> statement-breakpoint
CREATE INDEX "payments_farm_created_idx" ON "payments" USING btree ("farm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_due_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."status" in ('initiated', 'pending');