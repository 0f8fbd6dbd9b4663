import type { PaymentContext } from './payments.js';
import { reconcilePayment } from './payments.js';
import { dueChecks } from './service.js';

/** How often the reconciliation job looks for payments due a check, and how many it takes a turn. */
const SWEEP_MS = 15_000;
const BATCH = 20;

export interface PaymentJobs {
  /** One pass over the payments due a check; answers how many it looked at. */
  sweep(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The reconciliation job (docs/integrations.md §1.7): callbacks get lost, so each waiting payment is
 * asked about at set marks after it started and timed out after the last. Two processes may
 * ask about the same payment; settling is a conditional update, so the second changes nothing.
 */
export function createPaymentJobs(ctx: PaymentContext): PaymentJobs {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sweep(now = new Date()): Promise<number> {
    const due = await dueChecks(ctx.db, now, BATCH);
    for (const row of due) await reconcilePayment(ctx, row, now);
    return due.length;
  }

  const turn = () => {
    if (running) return;
    running = sweep()
      .catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'the payment reconciliation sweep failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  };

  return {
    sweep,
    start() {
      if (timer) return;
      timer = setInterval(turn, SWEEP_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
