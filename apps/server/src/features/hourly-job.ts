import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';

export interface HourlyJob {
  start(): void;
  /** Stops the schedule and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` at `pattern` (croner, each hour) and once at start, one run at a time in a process: a
 * job that acts from an hour of each farm's own day (its time zone) and catches up when a process
 * was down (docs/architecture.md §6). A failure is logged; the next hour tries again.
 */
export function hourlyJob(pattern: string, run: () => Promise<unknown>, log: FastifyBaseLogger, failure: string): HourlyJob {
  let cron: Cron | null = null;
  let running: Promise<unknown> | null = null;

  const tick = () => {
    if (running) return;
    running = run()
      .catch((error: unknown) => log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (cron) return;
      cron = new Cron(pattern, { protect: true, unref: true }, tick);
      tick();
    },
    async stop() {
      cron?.stop();
      cron = null;
      await running;
    },
  };
}
