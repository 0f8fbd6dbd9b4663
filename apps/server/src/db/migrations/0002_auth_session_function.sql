-- The session lookup runs on every authenticated request. As a plpgsql function its
-- four-table join is planned once per connection, not per call: 0.93 ms -> 0.36 ms on
-- PGlite (docs/decisions/007). Columns follow the users and farms tables; a test checks.
CREATE OR REPLACE FUNCTION auth_session(p_token_hash text)
RETURNS TABLE (
  session_id integer,
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
  SELECT s.id, s.expires_at, s.revoked_at, m.role,
         u.id, u.username, u.email, u.password_hash, u.phone_number, u.profile_picture, u.email_verified, u.created_at,
         f.id, f.name, f.time_zone, f.trial_started_at, f.trial_ends_at, f.paid_until, f.suspended_at, f.created_at
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN farms f ON f.id = s.farm_id
  JOIN farm_members m ON m.farm_id = s.farm_id AND m.user_id = s.user_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
