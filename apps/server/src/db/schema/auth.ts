import { sql } from 'drizzle-orm';
import { ONE_TIME_CODE_PURPOSES, ROLES } from '@kuku/domain';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The tenant: every business row carries farm_id (docs/design.md §4). Subscription facts live here. */
export const farms = pgTable(
  'farms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull().default('Africa/Nairobi'),
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Texts the farm sends a farm day (decision 076); beyond it a notice's text is skipped. */
    smsDailyCap: integer('sms_daily_cap').notNull().default(5),
    createdAt: createdAt(),
  },
  (t) => [check('farms_sms_daily_cap_check', sql`${t.smsDailyCap} >= 0`)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    // Stored lower-cased by the domain schema, so a plain unique index suffices.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    /** When the phone number was confirmed by a code sent to it: texts go only to a confirmed phone (decision 076). */
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    profilePicture: text('profile_picture'),
    emailVerified: boolean('email_verified').notNull().default(false),
    // False for an account made by social sign-in until a password is chosen: it proves who it is by a fresh sign-in.
    hasPassword: boolean('has_password').notNull().default(true),
    // The language chosen for the account (decision 068): what the server sends them is in it; null, the browser's.
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_language_check', sql`${t.language} in ('en', 'sw')`),
    uniqueIndex('users_email_key').on(t.email),
    // 'Jane' and 'jane' are one username: logins match it case-insensitively.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

export const farmMembers = pgTable(
  'farm_members',
  {
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    // Staff are invited: the row exists from the invitation with joined_at null until they choose a password.
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.farmId, t.userId] }),
    index('farm_members_user_idx').on(t.userId),
    // One owner a farm: the staff screen cannot make a second one, and nothing else may.
    uniqueIndex('farm_members_one_owner_key').on(t.farmId).where(sql`${t.role} = 'owner'`),
  ],
);

/** Opaque bearer tokens, stored as their SHA-256 so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Email verification and password reset codes: hashed, 10 minutes, 5 tries, used once. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    // The address a change_email code was sent to: the account's email becomes it only when the code is entered.
    newEmail: text('new_email'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    // A social sign-in code is presented alone, without the user it belongs to.
    index('one_time_codes_hash_idx').on(t.codeHash),
  ],
);

/** A sign-in provider's account (its `sub`) linked to a Kuku user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters for auth calls per account. In the database, not in
 * memory, so the limit holds across server processes and restarts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Every business row belongs to a farm (docs/design.md §4): the tenancy column, the same everywhere. */
export const farmIdColumn = () =>
  integer('farm_id')
    .notNull()
    .references(() => farms.id, { onDelete: 'cascade' });

/** Who made the row (the spec's user_id); kept when that user is removed. */
export const createdByColumn = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });

/** Who last changed the row; kept when that user is removed. */
export const updatedByColumn = () => integer('updated_by').references(() => users.id, { onDelete: 'set null' });
