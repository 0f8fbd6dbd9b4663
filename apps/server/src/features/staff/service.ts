import { randomBytes } from 'node:crypto';
import {
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_FARM_PER_DAY,
  STAFF_MAX,
  staffMessages as m,
  type AcceptInvitationInput,
  type ChangeRoleInput,
  type InviteMemberInput,
  type Member,
  type User,
} from '@kuku/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, conflict, invalid, notFound, rateLimited } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { farmMembers, farms, oneTimeCodes, sessions, userIdentities, users } from '../../db/schema/index.js';
import { hit } from '../../plugins/rate-limit.js';
import type { Principal } from '../auth/service.js';
import { consumeCode, findUserByEmail, issueCode, mailLanguage, openSession } from '../auth/service.js';
import { hashPassword } from '../auth/secrets.js';
import { sqlRows } from '../farm-scope.js';
import { texts } from '../notifications/notifier.js';
import { storeNotification, type StoredNotification } from '../notifications/service.js';
import { invitationMail } from './mails.js';

type UserRow = typeof users.$inferSelect;

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Where the invitee enters the code, on the app that sent the mail. */
export type InvitationLink = (email: string) => string;

interface MemberRow {
  id: number;
  username: string;
  email: string;
  role: Member['role'];
  profile_picture: string | null;
  joined_at: string | Date | null;
  invited_at: string | Date;
  last_sign_in_at: string | Date | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    profile_picture: row.profile_picture,
    status: row.joined_at === null ? 'invited' : 'active',
    invited_at: iso(row.invited_at),
    last_sign_in_at: row.last_sign_in_at === null ? null : iso(row.last_sign_in_at),
  };
}

/** The farm's people, the owner first; one member when userId is given. */
async function members(db: DbOrTx, farmId: number, userId?: number): Promise<Member[]> {
  const rows = await sqlRows<MemberRow>(
    db,
    sql`select u.id, u.username, u.email, m.role, u.profile_picture, m.joined_at, m.created_at as invited_at,
          (select max(s.created_at) from sessions s where s.user_id = m.user_id and s.farm_id = m.farm_id) as last_sign_in_at
        from farm_members m join users u on u.id = m.user_id
        where m.farm_id = ${farmId} ${userId === undefined ? sql`` : sql`and m.user_id = ${userId}`}
        order by (m.role = 'owner') desc, lower(u.username), u.id`,
  );
  return rows.map(toMember);
}

export const listMembers = (db: Db, farmId: number) => members(db, farmId);

async function memberOf(db: DbOrTx, farmId: number, userId: number): Promise<Member> {
  const [member] = await members(db, farmId, userId);
  if (!member) throw notFound(m.notAMember);
  return member;
}

/** A member the owner may change: anyone of the farm but the owner. */
async function changeableMember(db: DbOrTx, farmId: number, userId: number): Promise<Member> {
  const member = await memberOf(db, farmId, userId);
  if (member.role === 'owner') throw new AppError('rule_broken', m.ownerStays);
  return member;
}

const DAY_MINUTES = 24 * 60;

/**
 * Counts one invitation mail against the farm's day and the address's day, in the caller's
 * transaction (a refused or failed invitation counts nothing). In the database, so the counts
 * hold across restarts and processes; a removal gives nothing back.
 */
async function countInvitation(db: DbOrTx, farmId: number, email: string, limitScale: number): Promise<void> {
  if ((await hit(db, `invitation-farm:${farmId}`, DAY_MINUTES)) > Math.ceil(INVITATIONS_PER_FARM_PER_DAY * limitScale)) {
    throw rateLimited(m.tooManyInvitations);
  }
  if ((await hit(db, `invitation-address:${email.toLowerCase()}`, DAY_MINUTES)) > Math.ceil(INVITATIONS_PER_ADDRESS_PER_DAY * limitScale)) {
    throw rateLimited(m.tooManyInvitationsToAddress);
  }
}

async function sendInvitation(db: DbOrTx, principal: Principal, user: UserRow, role: Member['role'], link: InvitationLink, now: Date, limitScale: number) {
  await countInvitation(db, principal.farmId, user.email, limitScale);
  return issueCode(db, user, 'invitation', now, {
    ttlMs: INVITATION_TTL_MS,
    mail: (code) =>
      invitationMail({
        to: user.email,
        username: user.username,
        farmName: principal.farm.name,
        invitedBy: principal.user.username,
        role,
        link: link(user.email),
        code,
        language: mailLanguage(principal.user),
      }),
  });
}

/**
 * The owner adds a person: a new account without a usable password, or a former
 * member's account, joins the farm as invited and gets a code by mail. Someone of
 * another farm is refused: an account belongs to one farm.
 */
export async function inviteMember(
  db: Db,
  principal: Principal,
  input: InviteMemberInput,
  link: InvitationLink,
  limitScale = 1,
  now = new Date(),
): Promise<Member> {
  const { farmId } = principal;
  // Hashed before the transaction: the hash is slow on purpose, and nobody can sign in with it.
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await db.transaction(async (tx) => {
      // Serialises invitations to one farm, so the member cap holds under concurrent adds.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff'), ${farmId})`);
      const [count] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from farm_members where farm_id = ${farmId}`);
      if ((count?.n ?? 0) >= STAFF_MAX) throw new AppError('rule_broken', m.tooMany);
      let user = await findUserByEmail(tx, input.email);
      if (user) {
        const [membership] = await tx.select({ farmId: farmMembers.farmId }).from(farmMembers).where(eq(farmMembers.userId, user.id));
        if (membership?.farmId === farmId) throw conflict(m.alreadyMember, { email: m.alreadyMember });
        if (membership) throw conflict(m.otherFarm, { email: m.otherFarm });
      } else {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
        if (taken) throw conflict(m.usernameTaken, { username: m.usernameTaken });
        [user] = await tx.insert(users).values({ username: input.username, email: input.email, passwordHash: unusablePassword, createdAt: now }).returning();
        if (!user) throw new Error('insert returned nothing');
      }
      await tx.insert(farmMembers).values({ farmId, userId: user.id, role: input.role, invitedBy: principal.userId, joinedAt: null, createdAt: now });
      await sendInvitation(tx, principal, user, input.role, link, now, limitScale);
      return memberOf(tx, farmId, user.id);
    });
  } catch (error) {
    // Two adds racing for one name or address: the unique indexes decide.
    if (isUniqueViolation(error)) throw conflict(m.alreadyMember, { email: m.alreadyMember });
    throw error;
  }
}

export async function changeRole(db: Db, principal: Principal, userId: number, input: ChangeRoleInput): Promise<Member> {
  return db.transaction(async (tx) => {
    await changeableMember(tx, principal.farmId, userId);
    await tx
      .update(farmMembers)
      .set({ role: input.role })
      .where(and(eq(farmMembers.farmId, principal.farmId), eq(farmMembers.userId, userId)));
    return memberOf(tx, principal.farmId, userId);
  });
}

/** What a removed member's email becomes: no address (no '@'), so no sign-in, code or invitation finds it. */
export const releasedEmail = (userId: number) => `removed:${userId}`;

/**
 * Removes a member: their sessions end at once. Someone invited who never proved the address
 * goes with the account the invitation made (its codes with it). A member who joined keeps the
 * account, so the farm's records keep their name, but its email is released and its sign-in
 * providers unlinked: the person can register or sign in with Google again, to a farm of their own.
 */
export async function removeMember(db: Db, principal: Principal, userId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await changeableMember(tx, principal.farmId, userId);
    await tx.delete(farmMembers).where(and(eq(farmMembers.farmId, principal.farmId), eq(farmMembers.userId, userId)));
    const [user] = await tx.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
    if (member.status === 'invited' && user?.emailVerified === false) {
      // No session, no record: the account was only the invitation. Its codes and rows cascade.
      await tx.delete(users).where(eq(users.id, userId));
      return;
    }
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt)));
    await tx.update(users).set({ email: releasedEmail(userId) }).where(eq(users.id, userId));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  });
}

/** A new code for someone who has not joined yet; the previous one ends. */
export async function resendInvitation(
  db: Db,
  principal: Principal,
  userId: number,
  link: InvitationLink,
  limitScale = 1,
  now = new Date(),
): Promise<Member> {
  return db.transaction(async (tx) => {
    const member = await changeableMember(tx, principal.farmId, userId);
    if (member.status !== 'invited') throw conflict(m.notInvited);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound(m.notAMember);
    await sendInvitation(tx, principal, user, member.role, link, now, limitScale);
    return member;
  });
}

/**
 * The invitee's code and first password: they join the farm and are signed in, and the farm's owners
 * are told (kind 'staff', decision 076) in the same transaction; `told` is for the caller to deliver
 * once it committed.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationInput,
  now = new Date(),
): Promise<{ session: { token: string; user: User }; told: StoredNotification[] }> {
  const refused = () => invalid(m.invitationInvalid, { otp: m.invitationInvalid });
  const user = await findUserByEmail(db, input.email);
  if (!user) throw refused();
  const [pending] = await db
    .select({ farmId: farmMembers.farmId })
    .from(farmMembers)
    .where(and(eq(farmMembers.userId, user.id), isNull(farmMembers.joinedAt)));
  if (!pending) throw refused();
  await consumeCode(db, user, 'invitation', input.otp, now);
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id));
    await tx
      .update(farmMembers)
      .set({ joinedAt: now })
      .where(and(eq(farmMembers.userId, user.id), eq(farmMembers.farmId, pending.farmId)));
    const [farm] = await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, pending.farmId));
    const told = await storeNotification(
      tx,
      pending.farmId,
      {
        say: (l) => texts(l).invitationAccepted(user.username, farm?.name ?? ''),
        type: 'info',
        kind: 'staff',
        link: '/user-registration',
        sourceKey: `joined:${user.id}:${now.toISOString()}`,
        audience: 'owners',
      },
      now,
    );
    return { session: await openSession(tx, user.id, now), told };
  });
}
