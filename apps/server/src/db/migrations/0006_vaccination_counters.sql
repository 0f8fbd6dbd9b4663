ALTER TABLE "flocks" ADD COLUMN "vaccinations_pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flocks" ADD COLUMN "vaccinations_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flocks" ADD COLUMN "vaccinations_cancelled" integer DEFAULT 0 NOT NULL;