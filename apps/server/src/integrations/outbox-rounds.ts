import type { FastifyBaseLogger } from 'fastify';

/** Due messages are looked for this often: retries and texts held through quiet hours come due on their own. */
const ROUND_EVERY_MS = 30_000;

export interface OutboxRounds {
  /** Sends what is due at `now`; resolves when this round is done. Never throws. */
  flush(now?: Date): Promise<void>;
  /** Starts a flush without waiting for it (after a commit). */
  kick(): void;
  start(): void;
  /** Stops the timer and waits for the round under way. */
  stop(): Promise<void>;
}

/**
 * The rounds of an outbox's sender (the mail's and the SMS's, decision 076): `sendDue(at)` claims a
 * batch of what is due at `at`, sends it and answers how many it claimed; a round goes on until a
 * batch comes back empty. One round at a time in a process: a kick while one runs asks for one more
 * after it; a flush at a given `now` (tests) waits and runs its own.
 */
export function outboxRounds(sendDue: (at: Date) => Promise<number>, log: FastifyBaseLogger, failure: string): OutboxRounds {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  async function round(now: Date | undefined): Promise<void> {
    for (;;) {
      const claimed = await sendDue(now ?? new Date());
      if (claimed === 0 || stopped) return;
    }
  }

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
          log.error({ err: error }, failure);
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
