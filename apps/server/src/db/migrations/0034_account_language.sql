ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'sw'));--> statement-breakpoint
-- The session's lookup answers the account's language too (decision 068).
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
         u.id, u.username, u.email, u.password_hash, u.phone_number, u.profile_picture, u.email_verified, u.has_password, u.language, u.created_at,
         f.id, f.name, f.time_zone, f.trial_started_at, f.trial_ends_at, f.paid_until, f.suspended_at, f.created_at
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN farms f ON f.id = s.farm_id
  JOIN farm_members m ON m.farm_id = s.farm_id AND m.user_id = s.user_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
