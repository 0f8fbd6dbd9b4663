ALTER TABLE "sales" ADD COLUMN "birds" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "weight_kg" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_birds_check" CHECK ("sales"."birds" is null or "sales"."birds" > 0);--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_weight_check" CHECK ("sales"."weight_kg" is null or "sales"."weight_kg" > 0);