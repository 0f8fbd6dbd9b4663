CREATE TABLE "deleted_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deleted_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"farm_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"label" text NOT NULL,
	"rows" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "has_password" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_records_farm_idx" ON "deleted_records" USING btree ("farm_id","deleted_at");--> statement-breakpoint
-- An account made by social sign-in has a password nobody knows: it proves who it is by a fresh sign-in.
UPDATE "users" SET "has_password" = false
WHERE EXISTS (SELECT 1 FROM "user_identities" i WHERE i.user_id = "users"."id" AND i.created_at <= "users"."created_at" + interval '5 seconds');--> statement-breakpoint
-- The lookup also answers whether the account has a password and when the session began (a fresh sign-in).
DROP FUNCTION IF EXISTS auth_session(text);--> statement-breakpoint
CREATE FUNCTION auth_session(p_token_hash text)
RETURNS TABLE (
  session_id integer,
  session_created_at timestamptz,
  session_expires_at timestamptz,
  session_revoked_at timestamptz,
  role text,
  user_id integer,
  user_username text,
  user_email text,
  user_password_hash text,
  user_phone_number text,
  user_profile_picture text,
  user_email_verified boolean,
  user_has_password boolean,
  user_created_at timestamptz,
  farm_id integer,
  farm_name text,
  farm_time_zone text,
  farm_trial_started_at timestamptz,
  farm_trial_ends_at timestamptz,
  farm_paid_until timestamptz,
  farm_suspended_at timestamptz,
  farm_created_at timestamptz
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.created_at, s.expires_at, s.revoked_at, m.role,
         u.id, u.username, u.email, u.password_hash, u.phone_number, u.profile_picture, u.email_verified, u.has_password, u.created_at,
         f.id, f.name, f.time_zone, f.trial_started_at, f.trial_ends_at, f.paid_until, f.suspended_at, f.created_at
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN farms f ON f.id = s.farm_id
  JOIN farm_members m ON m.farm_id = s.farm_id AND m.user_id = s.user_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
