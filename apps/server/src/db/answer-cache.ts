import { dayIn } from '@kuku/domain';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from './client.js';
import { preparedQuery } from './prepared.js';
import {
  budgets,
  eggAdjustmentMonths,
  eggAdjustments,
  eggFlockMonths,
  eggProductionDays,
  eggProductionMonths,
  eggProductions,
  expenseCategoryMonths,
  expenseDays,
  expenseFlockMonths,
  expenses,
  farmDataVersions,
  farmFlockTotals,
  flocks,
  flockYearBudgets,
  saleCategoryMonths,
  saleDays,
  saleFlockMonths,
  sales,
  users,
  vaccinations,
} from './schema/index.js';
import { toSafeInteger } from './sql-number.js';

/**
 * Answers kept by farm data version (decision 027). A chart's answer sums months of rollup
 * rows; it changes only when the farm writes, which moves the farm's version on in the
 * write's transaction (migration 0015). So a read asks for the version first (one row by
 * key) and serves the answer kept under it, or computes, keeps and serves a new one.
 *
 * An answer computed after the version was read may see a write that came in between: it
 * is then kept under the older version, which the farm has already left, so it is never
 * served. Each server process keeps its own answers; the version lives in the database, so
 * processes on one PostgreSQL agree.
 */

/**
 * Each kept answer and the tables its SQL reads. A write to any of them must move the farm's
 * version on: the table's `<table>_bump_data_version` trigger, or for a rollup its sources'.
 * `answer-cache.test.ts` reads what each answer really scans, on both databases, and checks it
 * against this list and this list against the triggers.
 */
export const KEPT_ANSWERS = {
  dashboard: [flocks, farmFlockTotals, vaccinations, eggProductionMonths, eggFlockMonths, saleDays, saleFlockMonths, expenseCategoryMonths],
  egg_series: [flocks, eggProductionDays, eggFlockMonths, eggAdjustmentMonths],
  sales_series: [flocks, sales, saleDays, saleCategoryMonths, saleFlockMonths],
  expense_series: [expenseDays, expenseCategoryMonths],
  flock_financial: [
    flocks,
    budgets,
    flockYearBudgets,
    // Who set a flock's yearly budget (migration 0031 moves the versions on a new username).
    users,
    saleDays,
    saleCategoryMonths,
    saleFlockMonths,
    expenseCategoryMonths,
    expenseFlockMonths,
  ],
} as const;
export type KeptAnswer = keyof typeof KEPT_ANSWERS;

/** Tables kept by triggers on their sources, in the source's writing transaction. */
export const ROLLUP_SOURCES = new Map<PgTable, readonly PgTable[]>([
  [farmFlockTotals, [flocks, vaccinations]],
  [eggProductionDays, [eggProductions]],
  [eggProductionMonths, [eggProductions]],
  [eggFlockMonths, [eggProductions]],
  [eggAdjustmentMonths, [eggAdjustments]],
  [saleDays, [sales]],
  [saleCategoryMonths, [sales]],
  [saleFlockMonths, [sales]],
  [expenseDays, [expenses]],
  [expenseCategoryMonths, [expenses]],
  [expenseFlockMonths, [expenses]],
]);

/** Kept answers' total length in characters, per database. */
const MAX_CHARACTERS = 32 * 1024 * 1024;

interface Kept {
  version: number;
  body: string;
}

const byDatabase = new WeakMap<Db, LRUCache<string, Kept>>();

function cacheOf(db: Db): LRUCache<string, Kept> {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new LRUCache<string, Kept>({ maxSize: MAX_CHARACTERS, sizeCalculation: (kept) => Math.max(1, kept.body.length) });
    byDatabase.set(db, cache);
  }
  return cache;
}

const versionStatement = (db: Db) =>
  preparedQuery(db, 'farm_data_version', (name) =>
    db
      .select({ version: farmDataVersions.version })
      .from(farmDataVersions)
      .where(eq(farmDataVersions.farmId, sql.placeholder('farmId')))
      .prepare(name),
  );

/** The farm's data version; 0 until its first write to a versioned table. */
export async function farmDataVersion(db: Db, farmId: number): Promise<number> {
  const [row] = await versionStatement(db).execute({ farmId });
  return row ? toSafeInteger(row.version) : 0;
}

export interface AnswerKey {
  farmId: number;
  /** The answer's name, e.g. 'sales_series'. */
  name: KeptAnswer;
  /** What else the answer depends on: the farm's day and time zone, a query. */
  variant: string;
}

/**
 * The JSON text of an answer for the farm as it is now: the one kept under the farm's current
 * version, or `compute`'s, kept for the next read.
 */
export async function cachedAnswer(db: Db, key: AnswerKey, compute: () => Promise<string>): Promise<string> {
  const version = await farmDataVersion(db, key.farmId);
  const cache = cacheOf(db);
  const id = `${key.farmId}\u0000${key.name}\u0000${key.variant}`;
  const kept = cache.get(id);
  if (kept && kept.version === version) return kept.body;
  const body = await compute();
  cache.set(id, { version, body });
  return body;
}

/** The key of an answer about the farm's today (a chart of this week or month), in its time zone. */
export function farmDayKey(name: KeptAnswer, scope: { farmId: number; timeZone: string }, now = new Date()): AnswerKey {
  return { farmId: scope.farmId, name, variant: `${scope.timeZone}\u0000${dayIn(now, scope.timeZone)}` };
}

/**
 * Sends a kept answer's JSON text as it is: a string with a JSON content type is not
 * serialized again. `serialize` is the route's own (its response schema), so a kept answer
 * was checked like any other when it was made.
 */
export async function sendCachedAnswer(reply: FastifyReply, db: Db, key: AnswerKey, compute: () => Promise<unknown>): Promise<FastifyReply> {
  const body = await cachedAnswer(db, key, async () => {
    const text = reply.serialize(await compute());
    return typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
  });
  return reply.type('application/json; charset=utf-8').send(body);
}
