/**
 * The SMS outbox's sender (decision 076): notices' texts are written into sms_messages ('Queued')
 * in the transaction that stores the notice; this sends those due, in every process, each text once
 * (claimSms: SKIP LOCKED, a lease, committed before the gateway is called).
 */
import { claimSms, deliverClaimed, type SmsContext } from './messages.js';

/** Due texts are looked for this often: retries and texts held through quiet hours come due on their own. */
const ROUND_EVERY_MS = 30_000;

export interface SmsOutbox {
  /** Sends what is due at `now`; resolves when this round is done. Never throws. */
  flush(now?: Date): Promise<void>;
  /** Starts a flush without waiting for it (after a commit). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createSmsOutbox(ctx: SmsContext, options: { leaseMs?: number } = {}): SmsOutbox {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function round(now: Date | undefined): Promise<void> {
    for (;;) {
      const at = now ?? new Date();
      const claimed = await claimSms(ctx.db, at, { leaseMs: options.leaseMs });
      for (const row of claimed) await deliverClaimed(ctx, row, at);
      if (claimed.length === 0 || stopped) return;
    }
  }

  /** A kick while a round runs asks for one more after it; a flush at a given `now` (tests) waits and runs its own. */
  function flush(now?: Date): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      if (now === undefined) {
        again = true;
        return running;
      }
      return running.then(() => flush(now));
    }
    running = (async () => {
      let at = now;
      do {
        again = false;
        try {
          await round(at);
        } catch (error) {
          ctx.log.error({ err: error }, 'sms outbox round failed');
        }
        at = undefined;
      } while (again && !stopped);
      running = null;
    })();
    return running;
  }

  return {
    flush,
    kick: () => void flush(),
    start() {
      stopped = false;
      timer ??= setInterval(() => void flush(), ROUND_EVERY_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
