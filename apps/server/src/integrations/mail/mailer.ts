import { and, asc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { MailMessage, MailTransport } from './transport.js';

const MAX_ATTEMPTS = 5;
const RETRY_EVERY_MS = 30_000;

/** Writes a message into the outbox, inside the caller's transaction. */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

export interface Mailer {
  readonly transport: MailTransport;
  /** Delivers what is pending; resolves when this round is done. Never throws. */
  flush(): Promise<void>;
  /** Starts a flush without waiting for it (after a commit). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createMailer(db: Db, transport: MailTransport, log: FastifyBaseLogger): Mailer {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** `failed` holds what failed earlier in this flush: it waits for the next timer round. */
  async function deliverPending(failed: Set<number>): Promise<void> {
    const pending = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lt(mailOutbox.attempts, MAX_ATTEMPTS),
          failed.size ? notInArray(mailOutbox.id, [...failed]) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(20);
    for (const row of pending) {
      try {
        await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
        // A sent body is dropped: it may hold a live one-time code, which is kept only hashed (decision 005).
        // The dev outbox keeps it, being where development and tests read their mail.
        const body = transport.kind === 'dev-outbox' ? {} : { text: '', html: '' };
        await db
          .update(mailOutbox)
          .set({ sentAt: new Date(), attempts: row.attempts + 1, ...body })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        failed.add(row.id);
        log.warn({ err: error, mailId: row.id }, 'mail delivery failed; will retry');
        await db
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: String(error).slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const failed = new Set<number>();
      do {
        again = false;
        try {
          await deliverPending(failed);
        } catch (error) {
          log.error({ err: error }, 'mail outbox flush failed');
        }
      } while (again);
      running = null;
    })();
    return running;
  }

  return {
    transport,
    flush,
    kick: () => void flush(),
    start() {
      timer ??= setInterval(() => void flush(), RETRY_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport.close();
    },
  };
}
