/**
 * A job per report (decision 031). The row is the job: claimed with a lease, gathered from
 * SQL on this thread a statement (or a page of records) at a time, rendered by the worker
 * pool, its files written, then marked ready or failed. A job whose process stopped is taken
 * again once its lease runs out, by this process's sweep or another's.
 */
import { REPORT_KEEP_DAYS, reportMessages as m } from '@kuku/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { reports } from '../../db/schema/index.js';
import { newFileKey, type FileStorage } from '../../integrations/storage/file-storage.js';
import type { FarmEvent } from '../../plugins/events.js';
import { gathererOf } from './gather/index.js';
import type { RenderPool } from './render/pool.js';
import { fileKeys, requestContextOf, type ReportRow } from './service.js';

const LEASE = sql`now() + interval '10 minutes'`;
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 60_000;

export interface ReportJobs {
  /** A report was written: its job runs soon, in its farm's turn; answers at once. */
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

/**
 * Takes the next job: the oldest waiting report of the farm whose last claim is oldest (a farm
 * never claimed first), in one statement, so one farm's queue cannot hold up another's and two
 * processes never take the same row. Its attempt is counted and its lease starts.
 */
export async function claimNextReport(db: Db): Promise<ReportRow | null> {
  const claimable = sql`${reports.state} = 'generating' and (${reports.leaseUntil} is null or ${reports.leaseUntil} < now())`;
  const [row] = await db
    .update(reports)
    .set({ attempts: sql`${reports.attempts} + 1`, leaseUntil: LEASE, claimedAt: sql`clock_timestamp()` })
    .where(
      and(
        sql`${reports.id} = (
          select r.id from reports r
          where r.state = 'generating' and (r.lease_until is null or r.lease_until < now())
          order by (select max(c.claimed_at) from reports c where c.farm_id = r.farm_id) asc nulls first, r.id
          limit 1
          for update skip locked)`,
        claimable,
      ),
    )
    .returning();
  return row ?? null;
}

/** Reports past REPORT_KEEP_DAYS, their rows and then their files; answers how many went. */
export async function pruneOldReports(db: Db, storage: FileStorage): Promise<number> {
  const gone = await db
    .delete(reports)
    .where(lt(reports.createdAt, sql`now() - make_interval(days => ${REPORT_KEEP_DAYS})`))
    .returning();
  for (const row of gone) for (const key of fileKeys(row)) await storage.remove(row.farmId, key);
  return gone.length;
}

export function createReportJobs({ db, storage, pool, log, publish, concurrency }: ReportJobsDeps): ReportJobs {
  const running = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** Work was announced while a worker was claiming: it looks once more before it stops. */
  let announced = false;
  let ticks = 0;

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

  async function run(row: ReportRow) {
    if (row.attempts > MAX_ATTEMPTS) return fail(row, m.interrupted);
    try {
      await make(row);
    } catch (error) {
      log.error({ err: error, reportId: row.id }, 'a report failed');
      // A rule's message is meant for the farmer; anything else is ours to read in the log.
      await fail(row, error instanceof AppError ? error.message : m.renderFailed);
    }
  }

  /** A worker takes jobs, fairly across farms (claimNextReport), until none is waiting. */
  async function work() {
    while (!stopped) {
      announced = false;
      const row = await claimNextReport(db);
      if (!row) {
        if (announced) continue;
        return;
      }
      await run(row).catch((error: unknown) => log.error({ err: error, reportId: row.id }, 'a report job stopped'));
    }
  }

  function pump() {
    announced = true;
    while (!stopped && running.size < concurrency) {
      const worker: Promise<void> = work()
        .catch((error: unknown) => log.error({ err: error }, 'a report worker stopped'))
        .finally(() => {
          running.delete(worker);
          if (running.size === 0) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
          }
        });
      running.add(worker);
    }
  }

  /** A new report was written: the workers take it in its farm's turn, not necessarily next. */
  function enqueue(_id: number) {
    if (!stopped) pump();
  }

  async function sweep() {
    // Reports older than REPORT_KEEP_DAYS go at start and once an hour.
    if (ticks++ % 60 === 0) await pruneOldReports(db, storage);
    pump();
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
    },
    idle() {
      if (running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
