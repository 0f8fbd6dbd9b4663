/**
 * A job per report (decision 031). The row is the job: claimed with a lease, gathered from
 * SQL on this thread a statement (or a page of records) at a time, rendered by the worker
 * pool, its files written, then marked ready or failed. A job whose process stopped is taken
 * again once its lease runs out, by this process's sweep or another's.
 */
import { reportMessages as m } from '@kuku/domain';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { reports } from '../../db/schema/index.js';
import { newFileKey, type FileStorage } from '../../integrations/storage/file-storage.js';
import type { FarmEvent } from '../../plugins/events.js';
import { gathererOf } from './gather/index.js';
import type { RenderPool } from './render/pool.js';
import { requestContextOf, type ReportRow } from './service.js';

const LEASE = sql`now() + interval '10 minutes'`;
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 60_000;

export interface ReportJobs {
  /** Makes the report's files soon; answers at once. */
  enqueue(reportId: number): void;
  /** Takes up jobs left by a stopped process, now and every minute. */
  start(): void;
  /** Waits for the jobs under way, then stops. */
  stop(): Promise<void>;
  /** Resolves when no job is waiting or under way (tests, the bench). */
  idle(): Promise<void>;
}

export interface ReportJobsDeps {
  db: Db;
  storage: FileStorage;
  pool: RenderPool;
  log: FastifyBaseLogger;
  publish: (farmId: number, event: FarmEvent) => void;
  /** Jobs under way at once: the pool's threads. */
  concurrency: number;
}

const reportEvent = (id: number, action: FarmEvent['action']): FarmEvent => ({ type: 'report', action, id });

export function createReportJobs({ db, storage, pool, log, publish, concurrency }: ReportJobsDeps): ReportJobs {
  const waiting: number[] = [];
  const running = new Set<Promise<void>>();
  const queued = new Set<number>();
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** The row, if this process may make it now; its attempt counted. */
  async function claim(id: number): Promise<ReportRow | null> {
    const [row] = await db
      .update(reports)
      .set({ attempts: sql`${reports.attempts} + 1`, leaseUntil: LEASE })
      .where(and(eq(reports.id, id), eq(reports.state, 'generating'), or(isNull(reports.leaseUntil), lt(reports.leaseUntil, sql`now()`))))
      .returning();
    return row ?? null;
  }

  async function fail(row: ReportRow, reason: string) {
    const [failed] = await db
      .update(reports)
      .set({ state: 'failed', failure: reason, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(reports.id, row.id), eq(reports.state, 'generating')))
      .returning({ id: reports.id });
    if (failed) publish(row.farmId, reportEvent(row.id, 'updated'));
  }

  async function make(row: ReportRow) {
    const context = await requestContextOf(db, row);
    const files = await pool.render(await gathererOf(row.category).gather(db, context));
    const keys = { pdfKey: newFileKey('pdf'), csvKey: newFileKey('csv'), xlsxKey: files.xlsx ? newFileKey('xlsx') : null };
    await storage.write(row.farmId, keys.pdfKey, files.pdf);
    await storage.write(row.farmId, keys.csvKey, files.csv);
    if (files.xlsx && keys.xlsxKey) await storage.write(row.farmId, keys.xlsxKey, files.xlsx);
    const [done] = await db
      .update(reports)
      .set({ state: 'ready', ...keys, sizeBytes: files.pdf.byteLength, finishedAt: new Date(), leaseUntil: null })
      .where(and(eq(reports.id, row.id), eq(reports.state, 'generating')))
      .returning({ id: reports.id });
    if (done) return publish(row.farmId, reportEvent(row.id, 'updated'));
    // Deleted while it was being made: its files go too.
    for (const key of Object.values(keys)) if (key) await storage.remove(row.farmId, key);
  }

  async function run(id: number) {
    const row = await claim(id);
    if (!row) return;
    if (row.attempts > MAX_ATTEMPTS) return fail(row, m.interrupted);
    try {
      await make(row);
    } catch (error) {
      log.error({ err: error, reportId: id }, 'a report failed');
      // A rule's message is meant for the farmer; anything else is ours to read in the log.
      await fail(row, error instanceof AppError ? error.message : m.renderFailed);
    }
  }

  function pump() {
    while (!stopped && running.size < concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      const job: Promise<void> = run(id)
        .catch((error: unknown) => log.error({ err: error, reportId: id }, 'a report job stopped'))
        .finally(() => {
          running.delete(job);
          queued.delete(id);
          pump();
        });
      running.add(job);
    }
    if (running.size === 0 && waiting.length === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  }

  function enqueue(id: number) {
    if (stopped || queued.has(id)) return;
    queued.add(id);
    waiting.push(id);
    pump();
  }

  async function sweep() {
    const rows = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.state, 'generating'), or(isNull(reports.leaseUntil), lt(reports.leaseUntil, sql`now()`))))
      .orderBy(asc(reports.id))
      .limit(50);
    for (const { id } of rows) enqueue(id);
  }

  return {
    enqueue,
    start() {
      const tick = () => void sweep().catch((error: unknown) => log.error({ err: error }, 'the report sweep failed'));
      tick();
      timer = setInterval(tick, SWEEP_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...running]);
      waiting.length = 0;
    },
    idle() {
      if (running.size === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
