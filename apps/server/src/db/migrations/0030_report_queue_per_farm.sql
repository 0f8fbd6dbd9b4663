ALTER TABLE "reports" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reports_farm_claimed_idx" ON "reports" USING btree ("farm_id","claimed_at");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");