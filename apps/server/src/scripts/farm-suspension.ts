import { emailSchema, GRACE_DAYS, subscriptionState, type SubscriptionState } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { farmMembers, farms, users } from '../db/schema/index.js';

/**
 * The operator's suspend and resume of a farm's subscription (docs/design.md §6),
 * found by its owner's email. farms.suspended_at is the operator's flag;
 * subscriptionState() turns it into 'suspended' on the next request, so the
 * web app shows the suspended notice without a restart.
 */

/** A refusal the operator can act on: unknown email, malformed email, no farm. */
export class FarmSuspensionError extends Error {}

export interface SuspensionOutcome {
  changed: boolean;
  message: string;
  state: SubscriptionState;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function findOwnedFarm(db: Db, rawEmail: string) {
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) throw new FarmSuspensionError(`'${rawEmail}' is not an email address.`);
  const email = parsed.data;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new FarmSuspensionError(`No account has the email ${email}.`);
  const [farm] = await db
    .select({ id: farms.id, name: farms.name, trialStartedAt: farms.trialStartedAt, trialEndsAt: farms.trialEndsAt, paidUntil: farms.paidUntil, suspendedAt: farms.suspendedAt })
    .from(farms)
    .innerJoin(farmMembers, eq(farmMembers.farmId, farms.id))
    .where(and(eq(farmMembers.userId, user.id), eq(farmMembers.role, 'owner')))
    .limit(1);
  if (!farm) throw new FarmSuspensionError(`The account ${email} owns no farm.`);
  return { email, farm };
}

/** Why a farm stays suspended without an operator: its period lapsed more than GRACE_DAYS ago. */
function lapseNote(state: SubscriptionState, paidUntil: Date | null): string {
  return state.status === 'suspended'
    ? ` Its subscription stays suspended all the same: the ${paidUntil ? 'paid period' : 'trial'} ended on ${day(state.period_ends_at)}, more than ${GRACE_DAYS} days ago; paying resumes it.`
    : '';
}

export async function suspendFarm(db: Db, email: string, now = new Date()): Promise<SuspensionOutcome> {
  const { email: address, farm } = await findOwnedFarm(db, email);
  if (farm.suspendedAt) {
    return {
      changed: false,
      state: subscriptionState(farm, now),
      message: `'${farm.name}' (${address}) was already suspended by an operator on ${day(farm.suspendedAt)}; nothing changed.`,
    };
  }
  await db.update(farms).set({ suspendedAt: now }).where(eq(farms.id, farm.id));
  return {
    changed: true,
    state: subscriptionState({ ...farm, suspendedAt: now }, now),
    message: `Suspended '${farm.name}' (${address}). Its users now see the suspended notice; undo with: npm run admin -- resume ${address}`,
  };
}

export async function resumeFarm(db: Db, email: string, now = new Date()): Promise<SuspensionOutcome> {
  const { email: address, farm } = await findOwnedFarm(db, email);
  if (!farm.suspendedAt) {
    const state = subscriptionState(farm, now);
    return {
      changed: false,
      state,
      message: `'${farm.name}' (${address}) is not suspended by an operator; nothing changed (subscription: ${state.status}).${lapseNote(state, farm.paidUntil)}`,
    };
  }
  await db.update(farms).set({ suspendedAt: null }).where(eq(farms.id, farm.id));
  const state = subscriptionState({ ...farm, suspendedAt: null }, now);
  return { changed: true, state, message: `Resumed '${farm.name}' (${address}); subscription: ${state.status}.${lapseNote(state, farm.paidUntil)}` };
}
