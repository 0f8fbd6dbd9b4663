DROP INDEX "flocks_farm_name_idx";--> statement-breakpoint
CREATE INDEX "flocks_farm_breed_idx" ON "flocks" USING btree ("farm_id","breed","id");--> statement-breakpoint
CREATE INDEX "flocks_farm_status_idx" ON "flocks" USING btree ("farm_id","status","id");--> statement-breakpoint
CREATE INDEX "flocks_farm_bird_count_idx" ON "flocks" USING btree ("farm_id","bird_count","id");--> statement-breakpoint
CREATE INDEX "flocks_farm_created_idx" ON "flocks" USING btree ("farm_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vaccinations_pending_idx" ON "vaccinations" USING btree ("farm_id","date") WHERE "vaccinations"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "flocks_farm_name_idx" ON "flocks" USING btree ("farm_id","name","id");