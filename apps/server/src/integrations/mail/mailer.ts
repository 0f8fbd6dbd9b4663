import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { outboxRounds, type OutboxRounds } from '../outbox-rounds.js';
import type { MailMessage, MailTransport } from './transport.js';

export type MailRow = typeof mailOutbox.$inferSelect;

/** Tries before a mail stays failed (a visible `failed_at`). */
export const MAIL_MAX_ATTEMPTS = 5;
/** After the 1st to 4th failed try, the next waits this long. */
export const MAIL_RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
/** How long a sender holds a mail it is sending: longer than an SMTP conversation lasts. */
export const MAIL_LEASE_MS = 15 * 60_000;
/** A mail claimed whose sender died before it was marked sent: it may have gone, so it is not sent again. */
export const MAIL_INTERRUPTED = 'interrupted while sending: not sent again, it may have arrived';

/** Writes a message into the outbox, inside the caller's transaction. */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

export interface MailerOptions {
  /**
   * The message a row sends, or why it cannot go (a failure, not retried): a notice's mail has its
   * links written in as it is sent (features/notices/mail.ts). Unset, the row as it is.
   */
  prepare?: (message: MailMessage & { headers: Record<string, string> }, row: MailRow, now: Date) => MailMessage | string;
  leaseMs?: number;
}

export interface Mailer extends OutboxRounds {
  readonly transport: MailTransport;
}

/**
 * Claims the mail due at `now` in a short transaction of its own, committed before the transport is
 * called (decision 076): SKIP LOCKED leaves another process's rows to it, and each row claimed has
 * a lease and one more attempt. A row still claimed after its lease (its sender died mid-send) is
 * first marked failed, never sent again.
 */
export async function claimMail(db: Db, now: Date, leaseMs = MAIL_LEASE_MS, limit = 20): Promise<MailRow[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ failedAt: now, claimedUntil: null, lastError: MAIL_INTERRUPTED })
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), isNotNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)));
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), isNull(mailOutbox.claimedUntil), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due.map((row) => row.id)))
      .returning();
  });
}

export function createMailer(db: Db, transport: MailTransport, log: FastifyBaseLogger, options: MailerOptions = {}): Mailer {
  function message(row: MailRow, now: Date): MailMessage | string {
    const base = { to: row.to, subject: row.subject, text: row.text, html: row.html, headers: row.headers };
    return options.prepare ? options.prepare(base, row, now) : base;
  }

  async function failed(row: MailRow, error: string, now: Date, final = false): Promise<void> {
    const retryAfter = MAIL_RETRY_AFTER_MS[row.attempts - 1];
    const last = final || row.attempts >= MAIL_MAX_ATTEMPTS || retryAfter === undefined;
    await db
      .update(mailOutbox)
      .set({
        claimedUntil: null,
        lastError: error.slice(0, 500),
        ...(last ? { failedAt: new Date() } : { nextAttemptAt: new Date(now.getTime() + retryAfter) }),
      })
      .where(eq(mailOutbox.id, row.id));
  }

  async function deliver(row: MailRow, now: Date): Promise<void> {
    const out = message(row, now);
    if (typeof out === 'string') {
      log.error({ mailId: row.id }, out);
      return failed(row, out, now, true);
    }
    try {
      await transport.send(out);
    } catch (error) {
      log.warn({ err: error, mailId: row.id, attempt: row.attempts }, 'mail delivery failed; will retry');
      return failed(row, String(error), now);
    }
    // A sent body is dropped: it may hold a live one-time code, which is kept only hashed (decision 005).
    // The dev outbox keeps it as it went, being where development and tests read their mail.
    const body = transport.kind === 'dev-outbox' ? { text: out.text, html: out.html, headers: out.headers ?? {} } : { text: '', html: '' };
    // Sent, even if another sender found the lease passed meanwhile and marked it interrupted.
    await db.update(mailOutbox).set({ sentAt: new Date(), claimedUntil: null, failedAt: null, lastError: null, ...body }).where(eq(mailOutbox.id, row.id));
  }

  const rounds = outboxRounds(
    async (at) => {
      const claimed = await claimMail(db, at, options.leaseMs);
      for (const row of claimed) await deliver(row, at);
      return claimed.length;
    },
    log,
    'mail outbox flush failed',
  );
  return {
    ...rounds,
    transport,
    async stop() {
      await rounds.stop();
      transport.close();
    },
  };
}
