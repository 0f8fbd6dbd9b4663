import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../test/database.js';
import { amcheckAll } from '../test/integrity.js';
import { assertBuilt, freePort, startServer, waitHealthy, type RunningServer } from '../test/server-process.js';
import { openDatabase, type Database } from './client.js';

/**
 * DESIGN §9, on the built server as its own process: 20 clients create flocks
 * and vaccinations through the API, the server is killed with SIGKILL at a
 * random moment, started again on the same data, and every create that was
 * answered 2xx must be there, with its flock's counters consistent. On the
 * embedded database, PGlite's amcheck (bt_index_check on every btree index,
 * verify_heapam on every table) must find nothing after each crash. With
 * DATABASE_URL the same rounds run against a fresh PostgreSQL database: only
 * the server process dies there, so there is no amcheck.
 *
 * DURABILITY_ROUNDS sets the rounds. The default is the 5, in CI too: a
 * round costs a server start and an amcheck (5-13 s on 2 cores), about a minute
 * in all, which runs beside the other test files.
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuku-durability-'));
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
interface AckedFlock {
  id: number;
  name: string;
  key: string;
  body: object;
}
interface AckedVaccination {
  id: number;
  flockId: number;
  vaccineName: string;
}

const json = (token?: string, key?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(key ? { 'idempotency-key': key } : {}),
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

describe('kill -9 while 20 clients write: every answered create survives', () => {
  let target: Target;
  const running: RunningServer[] = [];
  const accounts: Account[] = [];
  const flocks: AckedFlock[] = [];
  const vaccinations: AckedVaccination[] = [];
  /** Flock creates sent when the server died, never answered: their outcome is unknown to the client. */
  const cutOff: { key: string; body: object; account: Account }[] = [];
  const summary: string[] = [];

  const start = async () => {
    const server = startServer(target.env, await freePort());
    running.push(server);
    return server;
  };

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
    it(`round ${round} of ${ROUNDS}: kill -9 at a random moment, restart, find every acknowledged flock and vaccination`, async () => {
      const server = await start();
      // The first start of an empty directory runs initdb (DESIGN §9: about 6 s, more on a busy machine).
      await waitHealthy(server, round === 1 ? 120_000 : 60_000);
      if (accounts.length === 0) {
        for (let i = 0; i < CLIENTS; i++) accounts.push(await createAccount(server.url, i));
      }

      const before = { flocks: flocks.length, vaccinations: vaccinations.length };
      const unexpected: string[] = [];
      let stop = false;
      const client = async (c: number, account: Account) => {
        for (let n = 0; !stop; n++) {
          const key = `r${round}c${c}n${n}`;
          const body = { name: `Flock ${key}`, breed: 'Layers', age: n % 30, initial_bird_count: 100 + n, bird_count: 100 + n, status: 'active' };
          let res: Response;
          try {
            res = await fetch(`${server.url}/api/flocks`, { method: 'POST', headers: json(account.token, key), body: JSON.stringify(body) });
          } catch {
            cutOff.push({ key, body, account });
            return; // the connection died with the server
          }
          try {
            if (res.status !== 201) {
              unexpected.push(`POST /flocks ${res.status} ${await res.text()}`);
              continue;
            }
            const flock = (await res.json()) as { id: number; name: string };
            flocks.push({ id: flock.id, name: flock.name, key, body });
            for (let v = 0; v < 2 && !stop; v++) {
              const vaccine = { vaccine_name: `Vaccine ${key}-${v}`, date: `${pastDay()} 08:00:00`, status: v ? 'Completed' : 'Pending', mode_of_administration: 'Oral' };
              const vres = await fetch(`${server.url}/api/flocks/${flock.id}/vaccinations`, {
                method: 'POST',
                headers: json(account.token, `${key}v${v}`),
                body: JSON.stringify(vaccine),
              });
              if (vres.status !== 201) {
                unexpected.push(`POST vaccinations ${vres.status} ${await vres.text()}`);
                continue;
              }
              const made = (await vres.json()) as { id: number };
              vaccinations.push({ id: made.id, flockId: flock.id, vaccineName: vaccine.vaccine_name });
            }
          } catch {
            return; // the connection died with the server
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
      let line = `  round ${round}: killed ${delay} ms after the first ${CLIENTS} flocks and vaccinations; acknowledged so far ${flocks.length} flocks (+${flocks.length - before.flocks}) and ${vaccinations.length} vaccinations (+${vaccinations.length - before.vaccinations}), all found`;
      try {
        const foundFlocks = await database.query<{ id: number; name: string }>('select id, name from flocks where id = any($1::int[])', [flocks.map((f) => f.id)]);
        const names = new Map(foundFlocks.map((f) => [Number(f.id), f.name]));
        expect(flocks.filter((f) => names.get(f.id) !== f.name)).toEqual([]);
        const foundVaccinations = await database.query<{ id: number; flock_id: number; vaccine_name: string }>(
          'select id, flock_id, vaccine_name from vaccinations where id = any($1::int[])',
          [vaccinations.map((v) => v.id)],
        );
        const byId = new Map(foundVaccinations.map((v) => [Number(v.id), v]));
        expect(vaccinations.filter((v) => byId.get(v.id)?.vaccine_name !== v.vaccineName || Number(byId.get(v.id)?.flock_id) !== v.flockId)).toEqual([]);
        // A create and its flock's counter move in one transaction: no crash may split them.
        const drift = await database.query(
          `select f.id from flocks f left join (
             select flock_id, count(*) filter (where status = 'Pending') as p, count(*) filter (where status = 'Completed') as c, count(*) filter (where status = 'Cancelled') as x
               from vaccinations group by flock_id) v on v.flock_id = f.id
            where f.vaccinations_pending <> coalesce(v.p, 0) or f.vaccinations_completed <> coalesce(v.c, 0) or f.vaccinations_cancelled <> coalesce(v.x, 0)`,
        );
        expect(drift).toEqual([]);
        const [pending] = await database.query<{ n: number }>("select count(*)::int as n from idempotency_keys where status = 'pending'");
        line += `; ${pending?.n ?? 0} Idempotency-Keys left pending by requests cut off mid-way`;
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

  it('after the last crash the server answers for the acknowledged records, and a retried create returns the first answer', async () => {
    const server = await start();
    await waitHealthy(server, 60_000);
    const sample = flocks.filter((_, i) => i % Math.max(1, Math.floor(flocks.length / 20)) === 0).slice(0, 20);
    const owner = (f: AckedFlock) => accounts[Number(/c(\d+)n/.exec(f.key)?.[1])] as Account;
    for (const f of sample) {
      const res = await fetch(`${server.url}/api/flocks/${f.id}`, { headers: json(owner(f).token) });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe(f.name);
      // The client never saw... or did see, and retries anyway: the same key replays, nothing new is made.
      const retry = await fetch(`${server.url}/api/flocks`, { method: 'POST', headers: json(owner(f).token, f.key), body: JSON.stringify(f.body) });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(((await retry.json()) as { id: number }).id).toBe(f.id);
    }

    // The creates the crash cut off, retried with their keys as the web app does after a
    // network failure: whatever the answer, a flock is never made twice.
    const retried = cutOff.slice(0, 20);
    const answers = new Map<string, { status: number; id?: number }>();
    for (const c of retried) {
      const res = await fetch(`${server.url}/api/flocks`, { method: 'POST', headers: json(c.account.token, c.key), body: JSON.stringify(c.body) });
      answers.set(`Flock ${c.key}`, { status: res.status, ...(res.status === 201 ? { id: ((await res.json()) as { id: number }).id } : {}) });
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const database = await target.open();
    try {
      const rows = await database.query<{ id: number; name: string }>('select id, name from flocks where name = any($1::text[])', [[...answers.keys()]]);
      for (const [name, answer] of answers) {
        const made = rows.filter((r) => r.name === name);
        expect(made.length, name).toBeLessThanOrEqual(1);
        if (answer.status === 201) expect(made.map((r) => Number(r.id))).toEqual([answer.id]);
      }
    } finally {
      await database.close();
    }
    const statuses = [...answers.values()].map((a) => a.status);
    const tally = [...new Set(statuses)].map((status) => `${statuses.filter((x) => x === status).length}× ${status}`).join(', ');
    summary.push(`  then: the restarted server read back ${sample.length} sampled flocks and replayed their creates by Idempotency-Key without a new row`);
    summary.push(`  cut-off creates retried with their keys: ${tally || 'none'}; none made twice`);
  }, 120_000);
});
