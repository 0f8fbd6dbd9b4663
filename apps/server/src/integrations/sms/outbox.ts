/**
 * The SMS outbox's sender (decision 076): notices' texts are written into sms_messages ('Queued')
 * in the transaction that stores the notice; this sends those due, in every process, each text once
 * (claimSms: SKIP LOCKED, a lease, committed before the gateway is called).
 */
import { outboxRounds, type OutboxRounds } from '../outbox-rounds.js';
import { claimSms, deliverClaimed, type SmsContext } from './messages.js';

export type SmsOutbox = OutboxRounds;

export function createSmsOutbox(ctx: SmsContext, options: { leaseMs?: number } = {}): SmsOutbox {
  return outboxRounds(
    async (at) => {
      const claimed = await claimSms(ctx.db, at, { leaseMs: options.leaseMs });
      for (const row of claimed) await deliverClaimed(ctx, row, at);
      return claimed.length;
    },
    ctx.log,
    'sms outbox round failed',
  );
}
