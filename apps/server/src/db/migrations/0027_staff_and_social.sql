CREATE TABLE "user_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
ALTER TABLE "farm_members" ADD COLUMN "invited_by" integer;--> statement-breakpoint
ALTER TABLE "farm_members" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "flocks" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "egg_adjustments" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "egg_productions" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "flock_year_budgets" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "farm_members" ADD CONSTRAINT "farm_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flocks" ADD CONSTRAINT "flocks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_adjustments" ADD CONSTRAINT "egg_adjustments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "egg_productions" ADD CONSTRAINT "egg_productions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flock_year_budgets" ADD CONSTRAINT "flock_year_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farm_members_one_owner_key" ON "farm_members" USING btree ("farm_id") WHERE "farm_members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
-- Everyone a farm had before staff existed registered it: they joined when they were added.
UPDATE "farm_members" SET "joined_at" = "created_at";--> statement-breakpoint
-- Before this, only the creator could have changed a row.
UPDATE "flocks" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "vaccinations" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "egg_adjustments" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "egg_productions" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "sales" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "budgets" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "expenses" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "inventory_items" SET "updated_by" = "created_by";--> statement-breakpoint
UPDATE "flock_year_budgets" SET "updated_by" = "created_by";
