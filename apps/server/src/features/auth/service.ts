import {
  addDays,
  authMessages,
  isEmailIdentifier,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  resendWaitMessage,
  SESSION_DAYS,
  staffMessages,
  subscriptionState,
  trialEndsAt,
  type ForgotPasswordInput,
  type Language,
  type LoginInput,
  type RegisterInput,
  type ResendOtpInput,
  type ResetPasswordInput,
  type Role,
  type User,
  type VerifyOtpInput,
} from '@kuku/domain';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { AppError, conflict, invalid, rateLimited, unauthenticated } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { farmMembers, farms, oneTimeCodes, sessions, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { enqueueMail } from '../../integrations/mail/mailer.js';
import type { MailMessage } from '../../integrations/mail/transport.js';
import { passwordResetMail, verificationMail } from './mails.js';
import {
  burnPasswordCheck,
  hashOtp,
  hashPassword,
  hashToken,
  newOtp,
  newSessionToken,
  otpMatches,
  verifyPassword,
} from './secrets.js';

type UserRow = typeof users.$inferSelect;
type FarmRow = typeof farms.$inferSelect;
type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

// A code mail per address per hour: stops a form being used to flood an inbox.
const CODES_PER_ADDRESS_PER_HOUR = 5;

/** Who is calling: loaded once per request from the bearer token. */
export interface Principal {
  sessionId: number;
  /** When this session began: a fresh sign-in proves a passwordless account's owner. */
  sessionCreatedAt: Date;
  userId: number;
  farmId: number;
  role: Role;
  user: UserRow;
  farm: FarmRow;
}

export function toUser(user: UserRow, farm: FarmRow, role: Role, now = new Date()): User {
  const sub = subscriptionState(
    { trialStartedAt: farm.trialStartedAt, trialEndsAt: farm.trialEndsAt, paidUntil: farm.paidUntil, suspendedAt: farm.suspendedAt },
    now,
  );
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    profile_picture: user.profilePicture,
    phone_number: user.phoneNumber,
    status: sub.status === 'suspended' ? 'suspended' : 'active',
    created_at: user.createdAt.toISOString(),
    email_verified: user.emailVerified,
    has_password: user.hasPassword,
    language: user.language === 'en' || user.language === 'sw' ? user.language : null,
    trial_start_date: farm.trialStartedAt.toISOString(),
    trial_ends_at: farm.trialEndsAt.toISOString(),
    is_trial_active: sub.is_trial_active,
    needs_subscription_renewal: sub.needs_subscription_renewal,
    payment_status: sub.payment_status,
    subscription: { status: sub.status, period_ends_at: sub.period_ends_at.toISOString() },
    role,
    farm: { id: farm.id, name: farm.name, time_zone: farm.timeZone },
  };
}

export function principalUser(principal: Principal): User {
  return toUser(principal.user, principal.farm, principal.role);
}

async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The account a login identifier names: an email, or a username in any case. */
const identifierMatch = (identifier: string) =>
  isEmailIdentifier(identifier) ? eq(users.email, identifier.toLowerCase()) : eq(sql`lower(${users.username})`, identifier.toLowerCase());

async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(identifierMatch(identifier)).limit(1);
  return row;
}

/**
 * What the per-account login limit counts (decision 049): the account the identifier names,
 * so tries by its username and by its email share one count; an unknown identifier by itself.
 */
export async function loginAccountKey(db: DbOrTx, identifier: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(identifierMatch(identifier)).limit(1);
  return row ? `user:${row.id}` : `name:${identifier.toLowerCase()}`;
}

async function assertAvailable(db: DbOrTx, username: string, email: string, exceptUserId?: number): Promise<void> {
  const taken = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(sql`(${users.email} = ${email} or lower(${users.username}) = ${username.toLowerCase()})`);
  for (const row of taken) {
    if (row.id === exceptUserId) continue;
    if (row.email === email) throw conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
    throw conflict(authMessages.usernameTaken, { username: authMessages.usernameTaken });
  }
}

/** The user and the farm they have joined; a removed member, or one who has not accepted an invitation, has none. */
async function loadMembership(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, farm: farms, role: farmMembers.role })
    .from(farmMembers)
    .innerJoin(users, eq(users.id, farmMembers.userId))
    .innerJoin(farms, eq(farms.id, farmMembers.farmId))
    .where(and(eq(farmMembers.userId, userId), isNotNull(farmMembers.joinedAt)))
    .limit(1);
  if (!row) throw unauthenticated(staffMessages.removedFromFarm);
  return row;
}

/** A new session for a user who proved who they are: the token and the user as login answers them. */
export async function openSession(db: DbOrTx, userId: number, now = new Date()): Promise<{ token: string; user: User }> {
  const { user, farm, role } = await loadMembership(db, userId);
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    farmId: farm.id,
    createdAt: now,
    expiresAt: addDays(now, SESSION_DAYS),
  });
  return { token, user: toUser(user, farm, role, now) };
}

/** How long a code lasts and the mail that carries it, when the purpose's defaults do not fit. */
export interface CodeOptions {
  ttlMs?: number;
  /** Null: no mail, the caller sends the code itself (a phone's code goes by SMS). */
  mail?: ((code: string) => MailMessage) | null;
  /** An email change's address, kept with its code until the code is entered. */
  newEmail?: string;
  /** The language of the request that asked for the code: the mail's, when the account has chosen none (decision 068). */
  language?: Language;
}

/** The account's language, else the asking request's (decision 068). */
export function mailLanguage(user: Pick<UserRow, 'language'>, asked: Language = 'en'): Language {
  return user.language === 'en' || user.language === 'sw' ? user.language : asked;
}

/**
 * Issues a fresh code: the previous ones for the purpose end, the resend wait
 * and the hourly cap per address are enforced, the mail goes into the outbox.
 * Answers the code, for a caller that sends it another way (`mail: null`).
 */
export async function issueCode(db: DbOrTx, user: UserRow, purpose: CodePurpose, now: Date, options: CodeOptions = {}): Promise<string> {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const recent = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, purpose), gt(oneTimeCodes.createdAt, hourAgo)))
    .orderBy(desc(oneTimeCodes.createdAt));
  const last = recent[0];
  if (last) {
    const waited = (now.getTime() - last.createdAt.getTime()) / 1000;
    if (waited < OTP_RESEND_SECONDS) throw rateLimited(resendWaitMessage(Math.ceil(OTP_RESEND_SECONDS - waited)));
  }
  if (recent.length >= CODES_PER_ADDRESS_PER_HOUR) throw rateLimited(authMessages.tooManyAttempts);

  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
  const code = newOtp();
  await db.insert(oneTimeCodes).values({
    userId: user.id,
    purpose,
    codeHash: hashOtp(code),
    newEmail: options.newEmail ?? null,
    expiresAt: new Date(now.getTime() + (options.ttlMs ?? OTP_TTL_MINUTES * 60 * 1000)),
    createdAt: now,
  });
  if (options.mail === null) return code;
  const mail =
    options.mail?.(code) ??
    (purpose === 'verify_email'
      ? verificationMail(user.email, user.username, code, mailLanguage(user, options.language))
      : passwordResetMail(user.email, user.username, code, mailLanguage(user, options.language)));
  await enqueueMail(db, mail);
  return code;
}

/**
 * Checks a code. Each guess first claims one of the code's tries with one UPDATE … RETURNING
 * (committed before the answer), so guesses sent in parallel cannot share a try: at most
 * OTP_MAX_ATTEMPTS are ever compared (decision 049). The wrong guess that used the last try
 * ends the code.
 */
export async function consumeCode(db: Db, user: UserRow, purpose: CodePurpose, code: string, now: Date): Promise<number> {
  const newest = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  // The row lock of the UPDATE orders parallel claims; each re-reads attempts before it counts.
  const [claimed] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        inArray(oneTimeCodes.id, newest),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, attempts: oneTimeCodes.attempts });
  if (!claimed) throw invalid(authMessages.invalidOtp, { otp: authMessages.invalidOtp });
  if (!otpMatches(claimed.codeHash, code)) {
    const lastTry = claimed.attempts >= OTP_MAX_ATTEMPTS;
    if (lastTry) await db.update(oneTimeCodes).set({ consumedAt: now }).where(and(eq(oneTimeCodes.id, claimed.id), isNull(oneTimeCodes.consumedAt)));
    const message = lastTry ? authMessages.otpTriesUsed : authMessages.invalidOtp;
    throw invalid(message, { otp: message });
  }
  // Only one caller can consume it: the update is conditional on it still being open.
  const used = await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.id, claimed.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw invalid(authMessages.invalidOtp, { otp: authMessages.invalidOtp });
  return claimed.id;
}

export interface NewOwner {
  username: string;
  email: string;
  passwordHash: string;
  emailVerified: boolean;
  /** False when the password is one nobody knows (an account made by social sign-in). */
  hasPassword?: boolean;
}

/** A new account with a farm of its own, its owner on the free trial: registration and social sign-in. */
export async function createFarmOwner(tx: DbOrTx, owner: NewOwner, now: Date): Promise<{ user: UserRow; farm: FarmRow }> {
  const [farm] = await tx
    .insert(farms)
    .values({ name: `${owner.username}'s Farm`, trialStartedAt: now, trialEndsAt: trialEndsAt(now), createdAt: now })
    .returning();
  const [user] = await tx
    .insert(users)
    .values({
      username: owner.username,
      email: owner.email,
      passwordHash: owner.passwordHash,
      emailVerified: owner.emailVerified,
      hasPassword: owner.hasPassword ?? true,
      createdAt: now,
    })
    .returning();
  if (!farm || !user) throw new Error('insert returned nothing');
  await tx.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: 'owner', joinedAt: now });
  return { user, farm };
}

export async function register(db: Db, input: RegisterInput, now = new Date(), language: Language = 'en'): Promise<{ email: string }> {
  await assertAvailable(db, input.username, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx) => {
      const { user } = await createFarmOwner(tx, { username: input.username, email: input.email, passwordHash, emailVerified: false }, now);
      await issueCode(tx, user, 'verify_email', now, { language });
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(error)) {
      await assertAvailable(db, input.username, input.email);
      throw conflict(authMessages.usernameTaken);
    }
    throw error;
  }
  return { email: input.email };
}

/**
 * An account already verified has no open code, so it is answered like a wrong code, as an
 * unknown address is: this call must not tell who has an account (decision 049).
 */
export async function verifyEmail(db: Db, input: VerifyOtpInput, now = new Date()): Promise<string> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw invalid(authMessages.invalidOtp, { otp: authMessages.invalidOtp });
  await consumeCode(db, user, 'verify_email', input.otp, now);
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return authMessages.verified;
}

/** Mails a new code to an unverified account; for any other address it does nothing (run after the answer). */
export async function resendVerification(db: Db, input: ResendOtpInput, now = new Date(), language: Language = 'en'): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user || user.emailVerified) return;
  try {
    await db.transaction((tx) => issueCode(tx, user, 'verify_email', now, { language }));
  } catch (error) {
    // The answer has gone already: a send inside the minute's wait or over the hour's cap stays silent.
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
  }
}

export async function login(db: Db, input: LoginInput, now = new Date(), language: Language = 'en'): Promise<{ token: string; user: User }> {
  const found = await findUserByIdentifier(db, input.identifier);
  if (!found) {
    await burnPasswordCheck(input.password);
    throw unauthenticated(authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(found.passwordHash, input.password))) throw unauthenticated(authMessages.invalidCredentials);
  if (!found.emailVerified) {
    try {
      await db.transaction((tx) => issueCode(tx, found, 'verify_email', now, { language }));
    } catch (error) {
      // A code sent under a minute ago is still good: no new one, same answer.
      if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
    }
    throw new AppError('email_unverified', authMessages.unverified, undefined, { email: found.email });
  }
  return openSession(db, found.id, now);
}

/** Mails a reset code to a known address; for an unknown one it does nothing (run after the answer). */
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput, now = new Date(), language: Language = 'en'): Promise<void> {
  const user = await findUserByEmail(db, input.email);
  if (!user) return;
  try {
    await db.transaction((tx) => issueCode(tx, user, 'reset_password', now, { language }));
  } catch (error) {
    // A throttled send for a known address stays silent, as it always has.
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
  }
}

export async function resetPassword(db: Db, input: ResetPasswordInput, now = new Date()): Promise<string> {
  const user = await findUserByEmail(db, input.email);
  if (!user) throw invalid(authMessages.invalidOtp, { otp: authMessages.invalidOtp });
  await consumeCode(db, user, 'reset_password', input.otp, now);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    // The code proved the address, so the email counts as verified too.
    await tx.update(users).set({ passwordHash, emailVerified: true, hasPassword: true }).where(eq(users.id, user.id));
    // An invited member who chose a password this way has proved the address just as well.
    await tx.update(farmMembers).set({ joinedAt: now }).where(and(eq(farmMembers.userId, user.id), isNull(farmMembers.joinedAt)));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  });
  return authMessages.passwordReset;
}

export type SessionLookup =
  | { kind: 'ok'; principal: Principal; expiresAt: Date }
  | { kind: 'expired' }
  | { kind: 'invalid' };

type AuthSessionRow = {
  session_id: number;
  session_created_at: string | Date;
  session_expires_at: string | Date;
  session_revoked_at: string | Date | null;
  role: Role;
  user_id: number;
  user_username: string;
  user_email: string;
  user_password_hash: string;
  user_phone_number: string | null;
  user_profile_picture: string | null;
  user_email_verified: boolean;
  user_has_password: boolean;
  user_language: string | null;
  user_phone_confirmed_at: string | Date | null;
  user_created_at: string | Date;
  farm_id: number;
  farm_name: string;
  farm_time_zone: string;
  farm_trial_started_at: string | Date;
  farm_trial_ends_at: string | Date;
  farm_paid_until: string | Date | null;
  farm_suspended_at: string | Date | null;
  farm_sms_daily_cap: number;
  farm_created_at: string | Date;
};

// PGlite answers timestamps as strings through drizzle, node-postgres as Dates.
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const toDateOrNull = (v: string | Date | null) => (v === null ? null : toDate(v));

/** What a token's auth_session() row says: no row or a revoked session is invalid. */
function sessionKind(row: Pick<AuthSessionRow, 'session_revoked_at' | 'session_expires_at'> | undefined, now: Date): SessionLookup['kind'] {
  if (!row || row.session_revoked_at !== null) return 'invalid';
  return toDate(row.session_expires_at) <= now ? 'expired' : 'ok';
}

/**
 * One call per request loads session, user, farm and role together, through the
 * auth_session() function whose plan the database keeps (migration 0002).
 */
export function findSession(db: Db, token: string, now = new Date()): Promise<SessionLookup> {
  return findSessionByHash(db, hashToken(token), now);
}

/** findSession for a caller that has hashed the token already (the session cache's key). */
export async function findSessionByHash(db: Db, tokenHash: string, now = new Date()): Promise<SessionLookup> {
  // Both drivers answer { rows }; the Db type cannot say which.
  const { rows } = (await db.execute(sql`select * from auth_session(${tokenHash})`)) as unknown as { rows: AuthSessionRow[] };
  const row = rows[0];
  const kind = sessionKind(row, now);
  if (!row || kind === 'invalid') return { kind: 'invalid' };
  if (kind === 'expired') return { kind: 'expired' };
  const expiresAt = toDate(row.session_expires_at);
  const user: UserRow = {
    id: row.user_id,
    username: row.user_username,
    email: row.user_email,
    passwordHash: row.user_password_hash,
    phoneNumber: row.user_phone_number,
    profilePicture: row.user_profile_picture,
    emailVerified: row.user_email_verified,
    hasPassword: row.user_has_password,
    language: row.user_language,
    phoneConfirmedAt: toDateOrNull(row.user_phone_confirmed_at),
    createdAt: toDate(row.user_created_at),
  };
  const farm: FarmRow = {
    id: row.farm_id,
    name: row.farm_name,
    timeZone: row.farm_time_zone,
    trialStartedAt: toDate(row.farm_trial_started_at),
    trialEndsAt: toDate(row.farm_trial_ends_at),
    paidUntil: toDateOrNull(row.farm_paid_until),
    suspendedAt: toDateOrNull(row.farm_suspended_at),
    smsDailyCap: Number(row.farm_sms_daily_cap),
    createdAt: toDate(row.farm_created_at),
  };
  return { kind: 'ok', principal: { sessionId: row.session_id, sessionCreatedAt: toDate(row.session_created_at), userId: user.id, farmId: farm.id, role: row.role, user, farm }, expiresAt };
}

export type SessionState = { kind: 'ok'; role: Role } | { kind: 'expired' } | { kind: 'invalid' };

/** Token hashes read in one statement; the open sockets check theirs with it (decision 049). */
const STATES_PER_STATEMENT = 1000;

/**
 * Where many sessions stand now, by token hash, through auth_session() as findSession reads
 * one: the live-update sockets read theirs again after any change (decision 049).
 */
export async function sessionStates(db: Db, tokenHashes: readonly string[], now = new Date()): Promise<Map<string, SessionState>> {
  const states = new Map<string, SessionState>();
  for (let i = 0; i < tokenHashes.length; i += STATES_PER_STATEMENT) {
    const hashes = tokenHashes.slice(i, i + STATES_PER_STATEMENT);
    const { rows } = (await db.execute(sql`select h.token_hash, a.session_revoked_at, a.session_expires_at, a.role
      from unnest(array[${sql.join(
        hashes.map((h) => sql`${h}`),
        sql`, `,
      )}]::text[]) as h(token_hash) cross join lateral auth_session(h.token_hash) a`)) as unknown as {
      rows: (Pick<AuthSessionRow, 'session_revoked_at' | 'session_expires_at' | 'role'> & { token_hash: string })[];
    };
    const found = new Map(rows.map((row) => [row.token_hash, row]));
    for (const hash of hashes) {
      const row = found.get(hash);
      const kind = sessionKind(row, now);
      states.set(hash, kind === 'ok' && row ? { kind, role: row.role } : { kind: kind === 'expired' ? 'expired' : 'invalid' });
    }
  }
  return states;
}

export async function logout(db: Db, principal: Principal, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, principal.sessionId));
}

/** Ends every session of the user but the one given (after a password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepSessionId: number, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${keepSessionId}`));
}

export { assertAvailable, findUserByEmail };
