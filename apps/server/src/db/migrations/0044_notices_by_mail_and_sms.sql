ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "farms" ADD COLUMN "sms_daily_cap" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_sms_daily_cap_check" CHECK ("farms"."sms_daily_cap" >= 0);--> statement-breakpoint
CREATE TABLE "notice_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"push" boolean NOT NULL,
	"mail" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notice_preferences" ADD CONSTRAINT "notice_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "farm_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_farm_id_farms_id_fk" FOREIGN KEY ("farm_id") REFERENCES "public"."farms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX IF EXISTS "mail_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at","id") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "send_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("next_attempt_at","id") WHERE "status" = 'Queued';--> statement-breakpoint
-- The session's lookup answers whether the phone is confirmed and the farm's SMS cap too (decision 076).
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
  user_language text,
  user_phone_confirmed_at timestamptz,
  user_created_at timestamptz,
  farm_id integer,
  farm_name text,
  farm_time_zone text,
  farm_trial_started_at timestamptz,
  farm_trial_ends_at timestamptz,
  farm_paid_until timestamptz,
  farm_suspended_at timestamptz,
  farm_sms_daily_cap integer,
  farm_created_at timestamptz
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.created_at, s.expires_at, s.revoked_at, m.role,
         u.id, u.username, u.email, u.password_hash, u.phone_number, u.profile_picture, u.email_verified, u.has_password, u.language, u.phone_confirmed_at, u.created_at,
         f.id, f.name, f.time_zone, f.trial_started_at, f.trial_ends_at, f.paid_until, f.suspended_at, f.sms_daily_cap, f.created_at
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN farms f ON f.id = s.farm_id
  JOIN farm_members m ON m.farm_id = s.farm_id AND m.user_id = s.user_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
