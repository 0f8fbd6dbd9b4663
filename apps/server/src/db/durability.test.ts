import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_RECORD_HEADERS } from '@kuku/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../test/database.js';
import { amcheckAll } from '../test/integrity.js';
import { assertBuilt, freePort, migratedDataDir, startServer, waitHealthy, type RunningServer } from '../test/server-process.js';
import { openDatabase, type Database } from './client.js';

/**
 * docs/design.md §9, on the built server as its own process: 20 clients create flocks
 * and vaccinations through the API, the server is killed with SIGKILL at a
 * random moment, started again on the same data, and every create that was
 * answered 2xx must be there, with its flock's counters consistent. Every create
 * the kill cut off is then sent again with its Idempotency-Key (a flock) or its record id
 * (a vaccination, sent as a phone's offline capture, decision 065): each must answer 2xx
 * (replayed if it had committed), and rows, done keys and record ids, and creates sent
 * must match one to one (none twice, none lost, no key left pending). On the
 * embedded database, PGlite's amcheck (bt_index_check on every btree index,
 * verify_heapam on every table) must find nothing after each crash. With
 * DATABASE_URL the same rounds run against a fresh PostgreSQL database: only
 * the server process dies there, so there is no amcheck.
 *
 * DURABILITY_ROUNDS sets the rounds. The default is 5 (docs/design.md §9), in CI too: a
 * round is a server start and an amcheck, cheap enough to run beside the other
 * test files (decision 015 has the cost).
 */
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 5);
const CLIENTS = 20;
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Target {
  env: Record<string, string | undefined>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function embeddedTarget(): Promise<Target> {
  const dataDir = migratedDataDir('kuku-durability-');
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    // The killed server's lock is stale: opening here also proves it is taken over.
    open: () => openDatabase({ dataDir, amcheck: true }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own (not the suite's template), created empty: the server's start migrates it. */
async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `kuku_durability_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-durability-pg-'));
  return {
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: 'memory://', databaseUrl: url, poolSize: 2 }),
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

interface Account {
  token: string;
}
/** One create as a client sends it; a retry sends the same key and body. */
interface Create {
  kind: 'flock' | 'vaccination';
  /** An Idempotency-Key for a flock; for a vaccination, sent as a phone's offline capture, its record id (a UUID, decision 065). */
  key: string;
  path: string;
  body: { name: string } | { vaccine_name: string };
  account: Account;
  flockId?: number;
  /** The id of an answer the client never saw (a lost answer): its retry must replay exactly this. */
  lostId?: number;
}
interface AckedFlock {
  id: number;
  name: string;
  create: Create;
}
interface AckedVaccination {
  id: number;
  flockId: number;
  vaccineName: string;
}

const json = (token?: string, key?: string, asRecordId = false) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(key ? { [asRecordId ? CLIENT_RECORD_HEADERS.id : 'idempotency-key']: key } : {}),
});

/** Register, verify with the code from the dev outbox, log in: through the API, as a farmer would. */
async function createAccount(url: string, i: number): Promise<Account> {
  const username = `farmer${i}_${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const password = 'password123';
  const post = (p: string, body: object) => fetch(`${url}/api${p}`, { method: 'POST', headers: json(), body: JSON.stringify(body) });
  expect((await post('/auth/register', { username, email, password })).status).toBe(201);
  const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as { to: string; text: string }[];
  const otp = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === email)?.text ?? '')?.[1];
  expect((await post('/auth/verify-otp', { email, otp })).status).toBe(200);
  const login = await post('/auth/login', { identifier: email, password });
  expect(login.status).toBe(200);
  return { token: ((await login.json()) as { token: string }).token };
}

// Two days ago: in the past in every zone, so 'Completed' is allowed.
const pastDay = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

/** What a create's name column holds: the key tells which row belongs to which request. */
const nameOf = (create: Create) => ('name' in create.body ? create.body.name : create.body.vaccine_name);

describe('kill -9 while 20 clients write: every answered create survives, every cut-off create retried lands once', () => {
  let target: Target;
  const running: RunningServer[] = [];
  const accounts: Account[] = [];
  const flocks: AckedFlock[] = [];
  const vaccinations: AckedVaccination[] = [];
  /** Every create ever sent, by key: after the last retry each must be exactly one row. */
  const sent = new Map<string, Create>();
  /** Creates sent when the server died, never answered: the client retries them with the same key. */
  let unanswered: Create[] = [];
  const summary: string[] = [];

  const start = async () => {
    // A round that failed midway left its server up, holding the data: later rounds still run.
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    const server = startServer(target.env, await freePort());
    running.push(server);
    return server;
  };

  /** Sends a create; null when no answer came back (the server died before or while answering). */
  async function send(server: RunningServer, create: Create): Promise<{ status: number; text: string; replayed: boolean } | null> {
    try {
      const headers = json(create.account.token, create.key, create.kind === 'vaccination');
      const res = await fetch(`${server.url}${create.path}`, { method: 'POST', headers, body: JSON.stringify(create.body) });
      return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') === 'true' };
    } catch {
      return null;
    }
  }

  function acknowledge(create: Create, text: string): number {
    const made = JSON.parse(text) as { id: number };
    if (create.kind === 'flock') flocks.push({ id: made.id, name: nameOf(create), create });
    else vaccinations.push({ id: made.id, flockId: create.flockId ?? 0, vaccineName: nameOf(create) });
    return made.id;
  }

  /**
   * What the web client does after a network failure: the same request again, same key.
   * Each must now be answered 2xx, replayed when its create committed before the crash.
   */
  async function retryUnanswered(server: RunningServer): Promise<string> {
    if (unanswered.length === 0) return 'nothing to retry';
    const failures: string[] = [];
    let replayed = 0;
    let lost = 0;
    for (const create of unanswered) {
      const answer = await send(server, create);
      // A replayed record id answers 200, a replayed key its first 201.
      if (answer?.status !== 201 && !(answer?.status === 200 && answer.replayed && create.kind === 'vaccination')) {
        failures.push(`${create.key}: ${answer ? `${answer.status} ${answer.text}` : 'no answer'}`);
        continue;
      }
      const id = acknowledge(create, answer.text);
      if (create.lostId !== undefined) {
        lost++;
        if (!answer.replayed || id !== create.lostId) failures.push(`${create.key}: lost answer ${create.lostId}, retry ${answer.replayed ? 'replayed' : 'created'} ${id}`);
      } else if (answer.replayed) replayed++;
    }
    expect(failures).toEqual([]);
    const cut = unanswered.length - lost;
    const line = `retried with their keys ${lost} creates whose answer was lost (all replayed) and ${cut} cut off by the kill (${replayed} replayed, committed just before it; ${cut - replayed} created now)`;
    unanswered = [];
    return line;
  }

  /**
   * Read from the stopped server's data: every acknowledged row is there, and the rows, the keys
   * and the creates sent match one to one. A create committed with its key or not at all, so no
   * key is pending, none without its row, no row twice. `exact`: every create sent has been
   * answered, so every one must be a row.
   */
  async function checkRows(database: Database, exact: boolean): Promise<string> {
    const foundFlocks = await database.query<{ id: number; name: string }>('select id, name from flocks');
    const names = new Map(foundFlocks.map((f) => [Number(f.id), f.name]));
    expect(flocks.filter((f) => names.get(f.id) !== f.name)).toEqual([]);
    const foundVaccinations = await database.query<{ id: number; flock_id: number; vaccine_name: string }>('select id, flock_id, vaccine_name from vaccinations');
    const byId = new Map(foundVaccinations.map((v) => [Number(v.id), v]));
    expect(vaccinations.filter((v) => byId.get(v.id)?.vaccine_name !== v.vaccineName || Number(byId.get(v.id)?.flock_id) !== v.flockId)).toEqual([]);

    const keys = await database.query<{ key: string; status: string }>(
      `select key, status from idempotency_keys
       union all select id::text, case when record_id is null or response_body is null then 'pending' else 'done' end from client_records`,
    );
    expect(keys.filter((k) => k.status !== 'done')).toEqual([]);
    const rowNames = [...foundFlocks.map((f) => f.name), ...foundVaccinations.map((v) => v.vaccine_name)].sort();
    const keyNames = keys.map((k) => sent.get(k.key)).map((c) => (c ? nameOf(c) : 'a key no client sent')).sort();
    expect(rowNames).toEqual(keyNames);
    if (exact) expect(rowNames).toEqual([...sent.values()].map(nameOf).sort());
    return `${foundFlocks.length} flocks and ${foundVaccinations.length} vaccinations, each under one done key or record id`;
  }

  beforeAll(async () => {
    assertBuilt();
    target = process.env.DATABASE_URL ? await postgresTarget(process.env.DATABASE_URL) : await embeddedTarget();
  });
  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await target?.cleanup();
    process.stdout.write(`\n[durability] ${onPostgres ? 'PostgreSQL' : 'embedded'}, ${ROUNDS} rounds:\n${summary.join('\n')}\n`);
  });

  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round} of ${ROUNDS}: retry what the last kill cut off, kill -9 at a random moment, restart, find every acknowledged create once`, async () => {
      const server = await start();
      // The first start of an empty directory runs initdb, far slower than a restart (decision 002).
      await waitHealthy(server, round === 1 ? 120_000 : 60_000);
      if (accounts.length === 0) {
        for (let i = 0; i < CLIENTS; i++) accounts.push(await createAccount(server.url, i));
      }
      const retried = await retryUnanswered(server);

      const before = { flocks: flocks.length, vaccinations: vaccinations.length };
      const unexpected: string[] = [];
      let stop = false;
      /**
       * The new row's id; false once the server stopped answering (the create joins the unanswered);
       * null for an answer the client does not have: refused, or `lose`, lost on the way as on a
       * phone's mobile data (joins the unanswered too, its retry after the kill must replay it).
       */
      const attempt = async (create: Create, lose = false): Promise<number | null | false> => {
        sent.set(create.key, create);
        const answer = await send(server, create);
        if (!answer) {
          unanswered.push(create);
          return false;
        }
        if (answer.status !== 201) {
          unexpected.push(`POST ${create.path} ${answer.status} ${answer.text}`);
          return null;
        }
        if (lose) {
          unanswered.push({ ...create, lostId: (JSON.parse(answer.text) as { id: number }).id });
          return null;
        }
        return acknowledge(create, answer.text);
      };
      const client = async (c: number, account: Account) => {
        for (let n = 0; !stop; n++) {
          const key = `r${round}c${c}n${n}`;
          const body = { name: `Flock ${key}`, breed: 'Layers', age: n % 30, initial_bird_count: 100 + n, bird_count: 100 + n, status: 'active' };
          const flockId = await attempt({ kind: 'flock', key, path: '/api/flocks', body, account }, n % 5 === 1);
          if (flockId === false) return; // the connection died with the server
          if (flockId === null) continue;
          for (let v = 0; v < 2 && !stop; v++) {
            const vaccine = { vaccine_name: `Vaccine ${key}-${v}`, date: `${pastDay()} 08:00:00`, status: v ? 'Completed' : 'Pending', mode_of_administration: 'Oral' };
            const made = await attempt({ kind: 'vaccination', key: randomUUID(), path: `/api/flocks/${flockId}/vaccinations`, body: vaccine, account, flockId }, n % 5 === 3 && v === 1);
            if (made === false) return;
          }
        }
      };
      const clients = accounts.map((a, i) => client(i, a));

      // Let both kinds of writes flow, then kill at a random moment within the next 1.5 s.
      const flowing = () => flocks.length - before.flocks >= CLIENTS && vaccinations.length - before.vaccinations >= CLIENTS;
      while (!flowing() && server.child.exitCode === null && unexpected.length === 0) await new Promise((r) => setTimeout(r, 10));
      const delay = Math.round(Math.random() * 1500);
      await new Promise((r) => setTimeout(r, delay));
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(clients);
      expect(unexpected).toEqual([]);
      expect(flocks.length - before.flocks).toBeGreaterThanOrEqual(CLIENTS);
      expect(vaccinations.length - before.vaccinations).toBeGreaterThanOrEqual(CLIENTS);

      // Every acknowledged create of every round so far, read back from the restarted data.
      const database = await target.open();
      let line = `  round ${round}: ${retried}; killed ${delay} ms after the first ${CLIENTS} flocks and vaccinations; acknowledged so far ${flocks.length} flocks (+${flocks.length - before.flocks}) and ${vaccinations.length} vaccinations (+${vaccinations.length - before.vaccinations}), ${unanswered.length} unanswered`;
      try {
        line += `; found ${await checkRows(database, false)}`;
        // A create and its flock's counter move in one transaction: no crash may split them.
        const drift = await database.query(
          `select f.id from flocks f left join (
             select flock_id, count(*) filter (where status = 'Pending') as p, count(*) filter (where status = 'Completed') as c, count(*) filter (where status = 'Cancelled') as x
               from vaccinations group by flock_id) v on v.flock_id = f.id
            where f.vaccinations_pending <> coalesce(v.p, 0) or f.vaccinations_completed <> coalesce(v.c, 0) or f.vaccinations_cancelled <> coalesce(v.x, 0)`,
        );
        expect(drift).toEqual([]);
        if (database.kind === 'pglite') {
          const check = await amcheckAll(database);
          expect(check.problems).toEqual([]);
          line += `; amcheck: ${check.indexes} btree indexes and ${check.tables} tables clean`;
        }
      } finally {
        await database.close();
      }
      summary.push(line);
    }, 240_000);
  }

  it('after the last crash every cut-off create is retried into exactly one row, and acknowledged creates replay their first answer', async () => {
    const server = await start();
    await waitHealthy(server, 60_000);
    const retried = await retryUnanswered(server);
    const sample = flocks.filter((_, i) => i % Math.max(1, Math.floor(flocks.length / 20)) === 0).slice(0, 20);
    for (const f of sample) {
      const res = await fetch(`${server.url}/api/flocks/${f.id}`, { headers: json(f.create.account.token) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe(f.name);
      // The client never saw... or did see, and retries anyway: the same key replays, nothing new is made.
      const retry = await send(server, f.create);
      expect(retry?.status).toBe(201);
      expect(retry?.replayed).toBe(true);
      expect((JSON.parse(retry?.text ?? '{}') as { id: number }).id).toBe(f.id);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = await target.open();
    try {
      summary.push(`  then: ${retried}; ${await checkRows(database, true)}, one per key sent (${sent.size})`);
    } finally {
      await database.close();
    }
    summary.push(`  and ${sample.length} sampled acknowledged flocks read back and their creates replayed by Idempotency-Key without a new row`);
  }, 120_000);
});
