import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { mailOutbox, smsMessages, users } from '../../db/schema/index.js';
import { MAIL_INTERRUPTED, MAIL_LEASE_MS } from '../../integrations/mail/mailer.js';
import type { MailMessage, MailTransport } from '../../integrations/mail/transport.js';
import { SMS_INTERRUPTED, SMS_LEASE_MS } from '../../integrations/sms/messages.js';
import { SIMULATOR_NUMBERS } from '../../integrations/sms/simulator.js';
import { openTestDatabase } from '../../test/database.js';
import { createUser } from '../../test/factories.js';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../../test/server-process.js';
import { storeNotification } from '../notifications/service.js';

/**
 * The outboxes send each message once across processes and restarts (decision 076), on PostgreSQL:
 * two app instances on one database race for the same mail and texts; a real server process killed
 * with SIGKILL while the gateway (or the SMTP server) is slow leaves its claim, which no process
 * sends again: it is marked failed, interrupted, once its lease has passed.
 */

/** Every send a transport was asked for. */
function countingTransport(sent: MailMessage[]): MailTransport {
  return {
    kind: 'dev-outbox',
    async send(message) {
      sent.push(message);
      // A little time on the wire, so the two senders overlap.
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
    close: () => undefined,
  };
}

/** An app of this process on `database`, its SMS gateway calls counted in `texts`. */
async function appOn(database: Database, mail: MailMessage[], texts: string[]): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', RATE_LIMIT_SCALE: '100', WEB_DIST: '/nonexistent', NOTICE_LINK_SECRET: 's'.repeat(40) });
  const app = await buildApp({ config, database, mailTransport: countingTransport(mail) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const context = app.sms.context as { provider: typeof app.sms.context.provider };
  const real = context.provider;
  context.provider = () => {
    const provider = real();
    return provider && { send: (to, message) => (texts.push(message), provider.send(to, message)) };
  };
  return app;
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.skipIf(!process.env.DATABASE_URL)('the outboxes send once across processes and restarts (PostgreSQL)', () => {
  let database: Database;
  let second: Database;
  const apps: FastifyInstance[] = [];
  const children: RunningServer[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    assertBuilt();
    database = await openTestDatabase();
    if (!database.connectionString) throw new Error('the test database is not PostgreSQL');
    // A second pool on the same database: what another process has.
    second = await openDatabase({ dataDir: 'memory://', databaseUrl: database.connectionString, poolSize: 4 });
  });

  afterAll(async () => {
    for (const child of children) if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL');
    await Promise.all(children.map((child) => child.exited));
    for (const app of apps) {
      app.server.closeAllConnections();
      await app.close();
    }
    await second?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('two app instances racing for 30 notices send each mail and each text once', async () => {
    const [mailA, mailB, textsA, textsB]: [MailMessage[], MailMessage[], string[], string[]] = [[], [], [], []];
    const a = await appOn(database, mailA, textsA);
    const b = await appOn(second, mailB, textsB);
    apps.push(a, b);
    const { user, farm } = await createUser(a, { phoneNumber: SIMULATOR_NUMBERS.delivered });
    await a.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, user.id));
    // Noon in Nairobi: no quiet hours; a cap that lets all 30 through.
    const noon = new Date();
    noon.setUTCHours(9, 0, 0, 0);
    await a.database.query('update farms set sms_daily_cap = 100 where id = $1', [farm.id]);
    for (let n = 0; n < 30; n++) {
      await storeNotification(a.db, farm.id, { say: () => ({ title: `Paid ${n}`, message: `Payment ${n} received.` }), type: 'info', kind: 'payments', link: '/billing', audience: 'owners' }, noon);
    }
    await Promise.all([a.mailer.flush(), b.mailer.flush(), a.smsOutbox.flush(), b.smsOutbox.flush(), a.mailer.flush(), b.smsOutbox.flush()]);

    const mails = await a.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(mails).toHaveLength(30);
    expect(mails.every((m) => m.sentAt !== null && m.attempts === 1 && m.failedAt === null)).toBe(true);
    const subjects = [...mailA, ...mailB].map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);

    const texts = await a.db.select().from(smsMessages).where(eq(smsMessages.farmId, farm.id));
    expect(texts).toHaveLength(30);
    expect(texts.every((t) => t.status === 'Success' && t.attempts === 1 && t.providerMessageId !== null)).toBe(true);
    const bodies = [...textsA, ...textsB];
    expect(bodies).toHaveLength(30);
    expect(new Set(bodies).size).toBe(30);
  });

  it('a server killed with SIGKILL while the gateway is slow: its text is never sent again, but failed as interrupted once its lease passed', async () => {
    const { user, farm } = await createUser(apps[0]!, { phoneNumber: SIMULATOR_NUMBERS.slow });
    // Straight into the outbox, due now: the process's start-up round claims it.
    const [row] = await database.db
      .insert(smsMessages)
      .values({ farmId: farm.id, userId: user.id, kind: 'lowStock', to: SIMULATOR_NUMBERS.slow, body: `Slow ${randomBytes(3).toString('hex')}`, status: 'Queued' })
      .returning();
    if (!row) throw new Error('no row');
    const read = async () => (await database.db.select().from(smsMessages).where(eq(smsMessages.id, row.id)))[0];

    const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-notices-kill-'));
    dataDirs.push(dataDir);
    // development: the simulator's slow number answers after 20 s, longer than the kill waits.
    const server = startServer({ DATABASE_URL: database.connectionString!, DATA_DIR: dataDir, HOST: '127.0.0.1' }, await freePort());
    children.push(server);
    await waitHealthy(server);
    const claimed = await until(read, (r) => r?.status === 'Pending');
    expect(claimed).toMatchObject({ status: 'Pending', attempts: 1 });
    expect(claimed?.claimedUntil).toBeInstanceOf(Date);
    server.child.kill('SIGKILL');
    await server.exited;

    // A restarted server finds it claimed within its lease: it does not send it.
    const restarted = startServer({ DATABASE_URL: database.connectionString!, DATA_DIR: dataDir, HOST: '127.0.0.1' }, await freePort());
    children.push(restarted);
    await waitHealthy(restarted);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await read()).toMatchObject({ status: 'Pending', attempts: 1, providerMessageId: null });
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    // After the lease: marked failed, interrupted, and not sent (the gateway is never called for it).
    const texts: string[] = [];
    const app = await appOn(second, [], texts);
    apps.push(app);
    const after = new Date((claimed?.claimedUntil ?? new Date()).getTime() + 1000);
    await app.smsOutbox.flush(after);
    await app.smsOutbox.flush(new Date(after.getTime() + SMS_LEASE_MS * 10));
    expect(await read()).toMatchObject({ status: 'Failed', failureReason: SMS_INTERRUPTED, attempts: 1, providerMessageId: null, claimedUntil: null });
    expect(texts).toEqual([]);
  });

  it('a server killed with SIGKILL in the middle of an SMTP conversation: the mail is never sent again', async () => {
    const received: string[] = [];
    let hold: (() => void)[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        // The server takes the message, then never answers: the sender is killed waiting.
        stream.on('end', () => {
          received.push(data);
          hold.push(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const subject = `Held ${randomBytes(3).toString('hex')}`;
      const [row] = await database.db
        .insert(mailOutbox)
        .values({ to: 'held@example.com', subject, text: 'A mail the server never acknowledges.', html: '<p>Held</p>' })
        .returning();
      if (!row) throw new Error('no row');
      const read = async () => (await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, [row.id])))[0];

      const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-notices-smtp-'));
      dataDirs.push(dataDir);
      const server = startServer({ DATABASE_URL: database.connectionString!, DATA_DIR: dataDir, HOST: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${port}` }, await freePort());
      children.push(server);
      await waitHealthy(server);
      await until(async () => received.filter((d) => d.includes(subject)).length, (n) => n === 1);
      const claimed = await read();
      expect(claimed).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
      server.child.kill('SIGKILL');
      await server.exited;

      const mail: MailMessage[] = [];
      const app = await appOn(second, mail, []);
      apps.push(app);
      await app.mailer.flush();
      expect(await read()).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
      await app.mailer.flush(new Date(Date.now() + MAIL_LEASE_MS + 60_000));
      expect(await read()).toMatchObject({ sentAt: null, lastError: MAIL_INTERRUPTED, attempts: 1, claimedUntil: null });
      expect((await read())?.failedAt).toBeInstanceOf(Date);
      expect(mail.filter((m) => m.subject === subject)).toEqual([]);
      expect(received.filter((d) => d.includes(subject))).toHaveLength(1);
    } finally {
      for (const release of hold) release();
      hold = [];
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});
