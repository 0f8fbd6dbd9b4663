import { dayIn } from '@kuku/domain';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createBenchUser } from './bench-user.js';
import type { ServerHandle } from './server-process.js';
import { fmt, formatTable } from './table.js';

/**
 * Live updates under load (docs/product.md §7 Real-time, docs/design.md §5): 1,000 sockets spread over 50 farms
 * (20 each, as the phones and tabs of a farm's people) on the running bench server, while the
 * bench POSTs sales on those farms at a steady rate. A sale's delivery time runs from just
 * before its POST is sent to each of its farm's sockets receiving its sale_added.
 */
export const SOCKET_FARMS = 50;
export const SOCKETS_PER_FARM = 20;
export const SOCKET_WRITES_PER_SECOND = 50;
export const SOCKET_WRITE_SECONDS = 6;
export const SOCKET_P99_GOAL_MS = 200;
/** Farms made through the API at once (each is a register, a verification and a login: argon2 on the server). */
const SETUP_CONCURRENCY = 4;
/** Sockets opened at once. */
const OPEN_CONCURRENCY = 50;
/** After the last write's answer, how long a delivery may still come. */
const DRAIN_MS = 2_000;

export interface SocketResult {
  sockets: number;
  farms: number;
  openMs: number;
  /** Measured writes answered 201, and the others. */
  writes: number;
  failedWrites: number;
  /** Each answered write's farm sockets: what should arrive, and what did. */
  expected: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The POSTs' own answer times: what of the delivery time is the write itself. */
  postP99Ms: number;
  /** The server's RSS growth from before the sockets opened to a second after, per socket; null where /proc is missing. */
  rssPerSocketBytes: number | null;
  rssBeforeBytes: number | null;
  /** Sockets the server closed before the end (a refused token, a client too far behind). */
  closedEarly: number;
}

interface Farm {
  token: string;
  flockId: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The server process's resident set (Linux /proc); null elsewhere. */
function rssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The RSS once it holds still (two samples a second apart within 2 MB, 5 s at most): a baseline
 * taken while the heap still shrinks after earlier work would make the sockets look free.
 */
async function steadyRss(pid: number | undefined): Promise<number | null> {
  let last = rssOf(pid);
  for (let i = 0; i < 5 && last !== null; i++) {
    await sleep(1_000);
    const now = rssOf(pid);
    if (now === null) return null;
    const still = Math.abs(now - last) < 2 * 1024 * 1024;
    last = now;
    if (still) break;
  }
  return last;
}

/** Runs `work` over `items`, `concurrency` at a time, keeping their order. */
async function inBatches<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) out.push(...(await Promise.all(items.slice(i, i + concurrency).map(work))));
  return out;
}

async function postJson(baseUrl: string, token: string, url: string, body: object): Promise<{ status: number; id: number | null }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer: unknown = await res.json().catch(() => null);
  const id = typeof answer === 'object' && answer !== null && 'id' in answer && typeof answer.id === 'number' ? answer.id : null;
  return { status: res.status, id };
}

/** A verified owner (bench-user.ts) with one flock to sell from. */
async function makeFarm(baseUrl: string): Promise<Farm> {
  const { token } = await createBenchUser(baseUrl);
  const flock = await postJson(baseUrl, token, '/api/flocks', { name: 'Socket flock', breed: 'Layers', age: 30, initial_bird_count: 500, bird_count: 500, status: 'active' });
  if (flock.status !== 201 || flock.id === null) throw new Error(`POST /api/flocks answered ${flock.status}`);
  return { token, flockId: flock.id };
}

/** A sack of manure sold today in the farm's zone (Nairobi, as every farm the bench makes). */
function saleBody(flockId: number) {
  return { flock_id: flockId, category: 'Manure', product: 'Manure (sack)', quantity: 1, unit_price: 250, date: dayIn(new Date(), 'Africa/Nairobi'), sale_type: 'Cash', status: 'paid' };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** The scenario on a running server; the sockets are all closed when it returns. */
export async function benchSockets(server: ServerHandle, log: (line: string) => void): Promise<SocketResult> {
  const { baseUrl } = server;
  const pid = server.child.pid;
  log(`  sockets: ${SOCKET_FARMS} farms made through the API…`);
  const farms = await inBatches(
    Array.from({ length: SOCKET_FARMS }, (_, i) => i),
    SETUP_CONCURRENCY,
    () => makeFarm(baseUrl),
  );

  /** Every sale_added heard: which sale, and when (performance.now()). */
  const heard: { id: number; at: number }[] = [];
  const sockets: WebSocket[] = [];
  let closedEarly = 0;
  let finished = false;
  const open = (farm: Farm) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws?token=${farm.token}`);
      sockets.push(socket);
      socket.on('message', (data) => {
        const at = performance.now();
        const message: unknown = JSON.parse(String(data));
        if (typeof message === 'object' && message !== null && 'name' in message && message.name === 'sale_added' && 'id' in message && typeof message.id === 'number') {
          heard.push({ id: message.id, at });
        }
      });
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', () => {
        if (!finished) closedEarly++;
      });
    });

  try {
    const rssBefore = await steadyRss(pid);
    log(`  sockets: opening ${fmt.int(SOCKET_FARMS * SOCKETS_PER_FARM)} (${SOCKETS_PER_FARM} per farm)…`);
    const openStarted = performance.now();
    await inBatches(
      farms.flatMap((farm) => Array.from({ length: SOCKETS_PER_FARM }, () => farm)),
      OPEN_CONCURRENCY,
      open,
    );
    const openMs = performance.now() - openStarted;
    const rssAfter = await steadyRss(pid);

    // Warm-up: one sale per farm, heard by all its sockets, says every socket listens.
    await Promise.all(farms.map((farm) => postJson(baseUrl, farm.token, '/api/sales', saleBody(farm.flockId))));
    const warmDeadline = performance.now() + 5_000;
    while (heard.length < sockets.length && performance.now() < warmDeadline) await sleep(20);
    if (heard.length < sockets.length) log(`  ! sockets: only ${fmt.int(heard.length)} of ${fmt.int(sockets.length)} heard the warm-up sale`);
    heard.length = 0;

    const total = SOCKET_WRITES_PER_SECOND * SOCKET_WRITE_SECONDS;
    log(`  sockets: ${fmt.int(total)} sales POSTed over ${SOCKET_WRITE_SECONDS} s (${SOCKET_WRITES_PER_SECOND}/s, round the farms)…`);
    const sentAt = new Map<number, number>();
    const answered: number[] = [];
    let failedWrites = 0;
    const writes: Promise<void>[] = [];
    const began = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = began + (i * 1000) / SOCKET_WRITES_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      const farm = farms[i % farms.length];
      if (!farm) continue;
      const at = performance.now();
      writes.push(
        postJson(baseUrl, farm.token, '/api/sales', saleBody(farm.flockId)).then(
          ({ status, id }) => {
            answered.push(performance.now() - at);
            if (status === 201 && id !== null) sentAt.set(id, at);
            else failedWrites++;
          },
          () => {
            failedWrites++;
          },
        ),
      );
    }
    await Promise.all(writes);
    const expected = sentAt.size * SOCKETS_PER_FARM;
    const drainDeadline = performance.now() + DRAIN_MS;
    while (heard.length < expected && performance.now() < drainDeadline) await sleep(20);

    const latencies: number[] = [];
    for (const { id, at } of heard) {
      const sent = sentAt.get(id);
      if (sent !== undefined) latencies.push(at - sent);
    }
    latencies.sort((x, y) => x - y);
    answered.sort((x, y) => x - y);
    return {
      sockets: sockets.length,
      farms: farms.length,
      openMs,
      writes: sentAt.size,
      failedWrites,
      expected,
      delivered: latencies.length,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      maxMs: latencies.at(-1) ?? 0,
      postP99Ms: percentile(answered, 0.99),
      rssPerSocketBytes: rssBefore !== null && rssAfter !== null && sockets.length > 0 ? (rssAfter - rssBefore) / sockets.length : null,
      rssBeforeBytes: rssBefore,
      closedEarly,
    };
  } finally {
    finished = true;
    for (const socket of sockets) socket.terminate();
  }
}

/** Met when p99 is under the goal and every socket heard every sale of its farm. */
export function socketGoalMet(r: SocketResult): boolean {
  return r.p99Ms < SOCKET_P99_GOAL_MS && r.delivered === r.expected && r.failedWrites === 0 && r.closedEarly === 0;
}

/** The scenario's lines for the bench's summary. */
export function socketReport(rows: { label: string; result: SocketResult }[]): string {
  const head =
    `Live updates: ${fmt.int(SOCKET_FARMS * SOCKETS_PER_FARM)} sockets on ${SOCKET_FARMS} farms (${SOCKETS_PER_FARM} each) while sales are POSTed at ` +
    `${SOCKET_WRITES_PER_SECOND}/s for ${SOCKET_WRITE_SECONDS} s; delivery from just before each POST to each socket's sale_added (sockets.ts)`;
  const table = formatTable(
    ['database', 'sockets', 'opened in', 'sales', 'delivered', 'p50 ms', 'p99 ms', 'max ms', 'POST p99 ms', 'server RSS growth / socket', 'goal', 'result'],
    rows.map(({ label, result: r }) => [
      label,
      fmt.int(r.sockets),
      fmt.ms(r.openMs),
      r.failedWrites ? `${fmt.int(r.writes)} (+${fmt.int(r.failedWrites)} failed)` : fmt.int(r.writes),
      `${fmt.int(r.delivered)} of ${fmt.int(r.expected)}${r.closedEarly ? `, ${fmt.int(r.closedEarly)} closed` : ''}`,
      fmt.one(r.p50Ms),
      fmt.one(r.p99Ms),
      fmt.one(r.maxMs),
      fmt.one(r.postP99Ms),
      r.rssPerSocketBytes === null ? '—' : `${fmt.one(r.rssPerSocketBytes / 1024)} KB (of ${fmt.int((r.rssBeforeBytes ?? 0) / 1024 / 1024)} MB)`,
      `p99 < ${SOCKET_P99_GOAL_MS} ms, all delivered`,
      socketGoalMet(r) ? 'PASS' : 'MISS',
    ]),
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
  );
  return `${head}\n${table}`;
}
