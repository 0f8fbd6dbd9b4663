-- Decision 051: an account without a farm (removed before this migration) no longer holds its address.
-- Someone invited and removed before joining (no proved address, never a session) goes with its rows.
DELETE FROM "users" u
WHERE NOT EXISTS (SELECT 1 FROM "farm_members" m WHERE m.user_id = u.id)
  AND NOT u.email_verified
  AND NOT EXISTS (SELECT 1 FROM "sessions" s WHERE s.user_id = u.id);--> statement-breakpoint
-- A member who joined and was removed keeps the account (the farm's records keep the name), not the address.
UPDATE "users" u SET "email" = 'removed:' || u.id
WHERE NOT EXISTS (SELECT 1 FROM "farm_members" m WHERE m.user_id = u.id) AND u.email NOT LIKE 'removed:%';--> statement-breakpoint
DELETE FROM "user_identities" i WHERE NOT EXISTS (SELECT 1 FROM "farm_members" m WHERE m.user_id = i.user_id);--> statement-breakpoint
UPDATE "one_time_codes" c SET "consumed_at" = now()
WHERE c.consumed_at IS NULL AND NOT EXISTS (SELECT 1 FROM "farm_members" m WHERE m.user_id = c.user_id);
