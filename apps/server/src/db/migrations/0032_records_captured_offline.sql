CREATE TABLE "client_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"farm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"record_id" integer,
	"response_status" integer,
	"response_body" text,
	"captured_at" timestamp with time zone NOT NULL,
	"device_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_records" ADD CONSTRAINT "client_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_records_farm_idx" ON "client_records" USING btree ("farm_id","kind","record_id");