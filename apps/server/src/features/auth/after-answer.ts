import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a public auth call does once its answer has gone out (decision 049). Forgot-password and
 * resend-otp answer every address alike, and must not tell by their time either which one has
 * an account: the lookup, the code and the mail come after the answer, whatever the address.
 */
export interface AfterAnswer {
  /** Runs `work` once `reply` is sent (or its client has gone); a failure is logged, never answered. */
  run(reply: FastifyReply, work: () => Promise<unknown>): void;
  /** Waits for every work handed over so far, started or not (shutdown, tests). */
  settled(): Promise<void>;
  /** Tests: holds the work back until the returned function is called, to see the answer go without it. */
  hold(): () => void;
}

export function createAfterAnswer(log: FastifyBaseLogger): AfterAnswer {
  const pending = new Set<Promise<void>>();
  let gate: Promise<void> = Promise.resolve();
  return {
    run(reply, work) {
      const job = new Promise<void>((resolve) => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          gate
            .then(work)
            .catch((error: unknown) => log.error({ err: error }, 'work after an answer failed'))
            .finally(resolve);
        };
        if (reply.raw.writableFinished) return start();
        reply.raw.once('finish', start);
        reply.raw.once('close', start);
      }).finally(() => pending.delete(job));
      pending.add(job);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        gate = Promise.resolve();
      };
    },
  };
}
