import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, dayIn, notificationRefusals, notificationTexts, SESSION_DAYS, TRIAL_DAYS } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { Database, Db } from '../../db/client.js';
import { farmMembers, farms, notificationRuns, notifications, sessions, users } from '../../db/schema/index.js';
import { hashToken, newSessionToken } from '../auth/secrets.js';
import { openTestDatabase } from '../../test/database.js';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../../test/server-process.js';

/**
 * docs/design.md §5, §8: two real server processes on one PostgreSQL, as behind a load balancer. A change
 * made through one reaches a socket held by the other (LISTEN/NOTIFY), no other farm hears it, and
 * the daily notifications job both processes run at start-up tells a farm once.
 */

/** A farm day's hour in `timeZone` (0-23). */
function hourIn(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(instant));
}

/**
 * A zone where it is now between 07:00 and 22:59, so the start-up run finds the farm's day begun
 * (DAILY_NOTIFICATION_HOUR) and not about to end: Nairobi (UTC+3) covers 04-19 UTC, Kiritimati (UTC+14) the rest.
 */
function zoneWhereTheDayHasBegun(now: Date): string {
  const zone = ['Africa/Nairobi', 'Pacific/Kiritimati'].find((z) => hourIn(now, z) >= 7 && hourIn(now, z) <= 22);
  if (!zone) throw new Error('no zone between 07:00 and 23:00');
  return zone;
}

interface Owner {
  farmId: number;
  userId: number;
  token: string;
  timeZone: string;
}

/** A farm, its owner and a session, written straight into the database (as factories.createUser and createSession do). */
async function owner(db: Db, options: { trialEndsAt?: Date; timeZone?: string } = {}): Promise<Owner> {
  const now = new Date();
  const trialEndsAt = options.trialEndsAt ?? addDays(now, TRIAL_DAYS);
  const timeZone = options.timeZone ?? 'Africa/Nairobi';
  const username = `two_${randomBytes(5).toString('hex')}`;
  const token = newSessionToken();
  return db.transaction(async (tx) => {
    const [farm] = await tx
      .insert(farms)
      .values({ name: `${username}'s Farm`, timeZone, trialStartedAt: addDays(trialEndsAt, -TRIAL_DAYS), trialEndsAt })
      .returning({ id: farms.id });
    // No one logs in with a password here: a hash no password matches.
    const [user] = await tx
      .insert(users)
      .values({ username, email: `${username}@example.com`, passwordHash: '!', emailVerified: true })
      .returning({ id: users.id });
    if (!farm || !user) throw new Error('insert failed');
    await tx.insert(farmMembers).values({ farmId: farm.id, userId: user.id, role: 'owner' });
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, farmId: farm.id, expiresAt: addDays(now, SESSION_DAYS) });
    return { farmId: farm.id, userId: user.id, token, timeZone };
  });
}

type Message = Record<string, unknown>;

interface Live {
  messages: Message[];
  close: () => void;
}

/** A socket on `server` with `token`, keeping every message it hears. */
async function listen(server: RunningServer, token: string): Promise<Live> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws?token=${token}`);
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.once('close', (code, reason) => messages.push({ closed: code, reason: String(reason) }));
  return { messages, close: () => socket.close() };
}

async function post<T>(server: RunningServer, token: string, url: string, body: object): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

const flockBody = () => ({ name: `Flock ${randomBytes(3).toString('hex')}`, breed: 'Layers', age: 10, initial_bird_count: 100, bird_count: 100, status: 'active' });
const saleBody = (flockId: number, timeZone: string) => ({
  flock_id: flockId,
  category: 'Manure',
  product: 'Manure (sack)',
  quantity: 2,
  unit_price: 300,
  date: dayIn(new Date(), timeZone),
  sale_type: 'Cash',
  status: 'paid',
});

/** Long enough for a NOTIFY to cross (milliseconds on loopback), short enough for the suite. */
const DELIVERY_TIMEOUT_MS = 5_000;
const arrives = (live: Live, expected: Message) =>
  vi.waitFor(() => expect(live.messages).toContainEqual(expected), { timeout: DELIVERY_TIMEOUT_MS, interval: 20 });

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: Database | undefined;
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  const sockets: Live[] = [];
  let a: RunningServer;
  let b: RunningServer;
  let trialFarm: Owner;
  let startedAt: Date;

  beforeAll(async () => {
    assertBuilt();
    database = await openTestDatabase();
    const { connectionString } = database;
    if (!connectionString) throw new Error('the test database is not PostgreSQL');
    // Before the processes start: both start-up runs of the daily job race for this farm.
    startedAt = new Date();
    trialFarm = await owner(database.db, { trialEndsAt: addDays(startedAt, 3), timeZone: zoneWhereTheDayHasBegun(startedAt) });

    for (const name of ['a', 'b']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `kuku-two-${name}-`));
      dataDirs.push(dataDir);
      // development with LOG_LEVEL warn (test/server-process.ts): quiet when all is well, and a lost
      // listener's warning lands in the output a failure shows (NODE_ENV=test would silence it).
      servers.push(startServer({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: connectionString, DATA_DIR: dataDir, HOST: '127.0.0.1' }, await freePort()));
    }
    const [first, second] = servers;
    if (!first || !second) throw new Error('two servers were to start');
    [a, b] = [first, second];
    await Promise.all(servers.map((server) => waitHealthy(server, 20_000)));
  });

  afterAll(async () => {
    for (const live of sockets) live.close();
    await Promise.all(
      servers.map(async (server) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        server.child.kill('SIGTERM');
        const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
        await server.exited;
        clearTimeout(timer);
      }),
    );
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("a sale made through process A reaches the farm's socket on process B, once; another farm's socket hears nothing of it", async () => {
    if (!database) throw new Error('no database');
    const farm1 = await owner(database.db);
    const farm2 = await owner(database.db);
    const farm1OnB = await listen(b, farm1.token);
    const farm1OnA = await listen(a, farm1.token);
    const farm2OnA = await listen(a, farm2.token);
    sockets.push(farm1OnB, farm1OnA, farm2OnA);

    // Each socket subscribes once its token is checked, after the upgrade: a first change heard
    // by each is the sign it listens. Farm 2's flock is made on B and heard on A (B → A).
    const flock1 = await post<{ id: number }>(a, farm1.token, '/api/flocks', flockBody());
    const flock2 = await post<{ id: number }>(b, farm2.token, '/api/flocks', flockBody());
    await arrives(farm1OnB, { type: 'flock', action: 'added', id: flock1.id });
    await arrives(farm1OnA, { type: 'flock', action: 'added', id: flock1.id });
    await arrives(farm2OnA, { type: 'flock', action: 'added', id: flock2.id });

    // A → B: docs/product.md §7's message, as the socket on A (the process that published) hears it too.
    const sale = await post<{ id: number }>(a, farm1.token, '/api/sales', saleBody(flock1.id, farm1.timeZone));
    const saleAdded = { type: 'sale', name: 'sale_added', action: 'added', id: sale.id };
    await arrives(farm1OnB, saleAdded);
    await arrives(farm1OnA, saleAdded);

    // A while longer for a late duplicate or a stray delivery to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(farm1OnB.messages).toEqual([{ type: 'flock', action: 'added', id: flock1.id }, saleAdded]);
    expect(farm1OnA.messages).toEqual([{ type: 'flock', action: 'added', id: flock1.id }, saleAdded]);
    expect(farm2OnA.messages).toEqual([{ type: 'flock', action: 'added', id: flock2.id }]);
  });

  it("a logout through process A closes that session's socket on process B at once (decision 049)", async () => {
    if (!database) throw new Error('no database');
    const farm = await owner(database.db);
    const onB = await listen(b, farm.token);
    sockets.push(onB);
    // Registered once it hears its farm: a flock made on A.
    const flock = await post<{ id: number }>(a, farm.token, '/api/flocks', flockBody());
    await arrives(onB, { type: 'flock', action: 'added', id: flock.id });
    const out = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${farm.token}` } });
    expect(out.status).toBe(204);
    // Well before the 30 s heartbeat.
    await vi.waitFor(() => expect(onB.messages).toContainEqual({ closed: 4401, reason: notificationRefusals.unauthorizedSocket }), { timeout: 3_000, interval: 20 });
  });

  it("the daily job both processes start tells a farm once: one 'trial ends soon' notification, one claimed day", async () => {
    if (!database) throw new Error('no database');
    const db = database.db;
    const { title } = notificationTexts.trialEnding('');
    const told = () =>
      db
        .select({ id: notifications.id, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, trialFarm.userId), eq(notifications.title, title)));
    // Both start-up runs began before the processes answered; wait for the one that claims to commit.
    await vi.waitFor(async () => expect(await told()).not.toHaveLength(0), { timeout: DELIVERY_TIMEOUT_MS, interval: 50 });
    // The other process's run was refused the lock or found the day claimed; give it time to show otherwise.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await told()).toHaveLength(1);
    const runs = await db.select().from(notificationRuns).where(eq(notificationRuns.farmId, trialFarm.farmId));
    expect(runs).toEqual([{ farmId: trialFarm.farmId, day: dayIn(startedAt, trialFarm.timeZone) }]);
    for (const server of servers) expect(server.output()).not.toMatch(/daily notifications failed/);
  });
});
