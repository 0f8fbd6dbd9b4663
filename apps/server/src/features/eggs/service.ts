import {
  ADJUSTMENT_TYPES,
  adjustmentEggs,
  adjustmentNumber,
  availableEggStock,
  averageEggsPerDay,
  averageTraysPerDay,
  centsToShillings,
  compareFlockNames,
  EGG_CHART_DAYS,
  EGG_DAY_RECENT_DAYS,
  eggMessages,
  LAYING_STATUSES,
  layingRate,
  lineTotalCents,
  parseDay,
  shiftDay,
  toTrays,
  traysText,
  type AdjustmentType,
  type CreateEggAdjustmentInput,
  type CreateEggProductionInput,
  type EggAdjustment,
  type EggDay,
  type EggDayQuery,
  type EggDayResult,
  type EggProduction,
  type EggSeries,
  type EggStats,
  type ListEggAdjustmentsQuery,
  type ListEggProductionsQuery,
  type RecordEggDayInput,
  type Page,
  type SaleCategory,
  type UpdateEggAdjustmentInput,
  type UpdateEggProductionInput,
} from '@kuku/domain';
import { and, asc, desc, eq, exists, gte, ilike, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError, conflict, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import {
  eggAdjustmentMonths,
  eggAdjustments,
  eggFlockMonths,
  eggProductionDays,
  eggProductionMonths,
  eggProductions,
  farmEggTotals,
  flocks,
  saleCategoryMonths,
} from '../../db/schema/index.js';
import { sqlInteger } from '../../db/sql-number.js';
import { searchDayAsShown } from '../../db/day-text.js';
import { findFlockRow } from '../flocks/service.js';
import { farmDayOf, farmMonth, oneRow, type FarmScope } from '../farm-scope.js';


type ProductionRow = typeof eggProductions.$inferSelect;
type AdjustmentRow = typeof eggAdjustments.$inferSelect;


function toProduction(row: ProductionRow & AuthorNames, name: string | null): EggProduction {
  const { trays, eggs } = toTrays(row.eggsCollected);
  return {
    id: row.id,
    flock_id: row.flockId,
    flockId: row.flockId,
    flock_name: name ?? eggMessages.unknownFlock,
    date_produced: row.dateProduced,
    eggs_collected: row.eggsCollected,
    eggsCollected: row.eggsCollected,
    trays,
    remainder_eggs: eggs,
    price_per_unit: centsToShillings(row.pricePerUnitCents),
    price_per_unit_cents: row.pricePerUnitCents,
    total_revenue: centsToShillings(row.totalRevenueCents),
    total_revenue_cents: row.totalRevenueCents,
    user_id: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

function toAdjustment(row: AdjustmentRow & AuthorNames, name: string | null): EggAdjustment {
  return {
    id: row.id,
    flock_id: row.flockId,
    flock_name: name ?? eggMessages.unknownFlock,
    adjustment_type: row.adjustmentType,
    eggs_adjusted: row.eggsAdjusted,
    unit: row.unit,
    number: adjustmentNumber(row.eggsAdjusted, row.unit),
    date_adjusted: row.dateAdjusted,
    notes: row.notes,
    user_id: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

/** A day the farmer sent, in the farm's zone, not after the farm's today. */
function pastOrToday(value: string, scope: FarmScope, field: string): string {
  const day = parseDay(value, scope.timeZone);
  if (!day) throw invalid(eggMessages.dateInvalid, { [field]: eggMessages.dateInvalid });
  if (day > farmDayOf(scope)) throw invalid(eggMessages.dateInFuture, { [field]: eggMessages.dateInFuture });
  return day;
}

function revenueCents(eggs: number, priceCents: number): number {
  const total = lineTotalCents(eggs, priceCents);
  if (!total.ok) throw invalid(total.message, { price_per_unit: total.message });
  return total.cents;
}

/** The number of days of the month that starts on `monthStart` ('YYYY-MM-01'). */
function daysInMonth(monthStart: string): number {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// ---------------------------------------------------------------- production

const productionSorts = {
  date: eggProductions.dateProduced,
  flock: flocks.name,
  eggs: eggProductions.eggsCollected,
  trays: eggProductions.eggsCollected,
  revenue: eggProductions.totalRevenueCents,
} as const;

const keptTotal = (column: 'productions' | 'adjustments', farmId: number) =>
  sqlInteger<number>(sql`coalesce((select ${sql.identifier(column)} from ${farmEggTotals} where ${farmEggTotals.farmId} = ${farmId}), 0)`);

/**
 * Where a page of the whole history by date starts, from the rollups: the day its first record
 * is on and how many of that day's records come before it. The month is found over at most a
 * row a month, then the day over that month's days, so page 5,000 reads a few dozen rows
 * instead of walking 50,000 index entries. Null past the last record.
 */
async function productionPageStart(db: Db, farmId: number, offset: number, descending: boolean): Promise<{ day: string; skip: number } | null> {
  const order = descending ? sql`desc` : sql`asc`;
  const { rows } = (await db.execute(sql`
    with months as (
      select ${eggProductionMonths.month} as month, ${eggProductionMonths.records} as records,
        sum(${eggProductionMonths.records}) over (order by ${eggProductionMonths.month} ${order}) as upto
      from ${eggProductionMonths} where ${eggProductionMonths.farmId} = ${farmId} and ${eggProductionMonths.records} > 0
    ), start as (
      select month, upto - records as before from months where upto > ${offset} order by month ${order} limit 1
    ), days as (
      select ${eggProductionDays.day} as day, ${eggProductionDays.records} as records,
        (select before from start) + sum(${eggProductionDays.records}) over (order by ${eggProductionDays.day} ${order}) as upto
      from ${eggProductionDays}
      where ${eggProductionDays.farmId} = ${farmId} and ${eggProductionDays.records} > 0
        and ${eggProductionDays.day} >= (select month from start) and ${eggProductionDays.day} < (select (month + interval '1 month')::date from start)
    )
    select day::text as day, upto - records as before from days where upto > ${offset} order by day ${order} limit 1`)) as unknown as {
    rows: { day: string; before: number | string }[];
  };
  const row = rows[0];
  return row ? { day: row.day, skip: offset - Number(row.before) } : null;
}

/** The farm's production records, a page at a time, searched by flock name or date. */
export async function listProductions(db: Db, farmId: number, query: ListEggProductionsQuery): Promise<Page<EggProduction>> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(eggProductions.farmId, farmId)];
  if (query.flock_id) filters.push(eq(eggProductions.flockId, query.flock_id));
  if (pattern) {
    const text = or(ilike(flocks.name, pattern), ilike(sql`${eggProductions.dateProduced}::text`, pattern), searchDayAsShown(eggProductions.dateProduced, query.q, pattern));
    if (text) filters.push(text);
  }
  const whole = !pattern && !query.flock_id;
  const descending = query.order === 'desc';
  const direction = descending ? desc : asc;
  const order = [direction(productionSorts[query.sort]), direction(eggProductions.id)];
  // A later page of the whole history by date starts at its day, found in the rollups.
  const offset = (query.page - 1) * query.pageSize;
  let skipTo = offset;
  if (whole && query.sort === 'date' && offset > 0) {
    const start = await productionPageStart(db, farmId, offset, descending);
    if (start) {
      filters.push(descending ? lte(eggProductions.dateProduced, start.day) : gte(eggProductions.dateProduced, start.day));
      skipTo = start.skip;
    }
  }
  return listPage(
    db,
    query,
    {
      table: eggProductions,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, eggProductions.flockId) } : undefined,
      where: and(...filters),
      order,
      // The farm's kept count (migration 0012), not a count of years of rows.
      kept: whole ? keptTotal('productions', farmId) : undefined,
      offset: skipTo,
      rows: (inPage, total) =>
        db
          .select({ row: eggProductions, name: flocks.name, ...authorNames(eggProductions), total })
          .from(eggProductions)
          .leftJoin(flocks, eq(flocks.id, eggProductions.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toProduction({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name),
  );
}

/** One production as the API answers it, for the 409 that shows what it is now (decision 067). */
export async function productionNow(db: DbOrTx, farmId: number, id: number): Promise<EggProduction | undefined> {
  const [r] = await db
    .select({ row: eggProductions, name: flocks.name, ...authorNames(eggProductions) })
    .from(eggProductions)
    .leftJoin(flocks, eq(flocks.id, eggProductions.flockId))
    .where(and(eq(eggProductions.farmId, farmId), eq(eggProductions.id, id)));
  return r && toProduction({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name);
}

/** One adjustment as the API answers it, for the 409 that shows what it is now (decision 067). */
export async function adjustmentNow(db: DbOrTx, farmId: number, id: number): Promise<EggAdjustment | undefined> {
  const [r] = await db
    .select({ row: eggAdjustments, name: flocks.name, ...authorNames(eggAdjustments) })
    .from(eggAdjustments)
    .leftJoin(flocks, eq(flocks.id, eggAdjustments.flockId))
    .where(and(eq(eggAdjustments.farmId, farmId), eq(eggAdjustments.id, id)));
  return r && toAdjustment({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name);
}

async function findProduction(db: DbOrTx, farmId: number, id: number, lock = false) {
  const query = db
    .select({ row: eggProductions, name: flocks.name })
    .from(eggProductions)
    .leftJoin(flocks, eq(flocks.id, eggProductions.flockId))
    .where(and(eq(eggProductions.farmId, farmId), eq(eggProductions.id, id)))
    .limit(1);
  const [found] = await (lock ? query.for('no key update', { of: eggProductions }) : query);
  if (!found) throw notFound(eggMessages.productionNotFound);
  return found;
}

/** The record already kept for a flock and day: a second answers 409 with its id (decision 024). */
async function duplicateDay(db: DbOrTx, farmId: number, flockId: number, day: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: eggProductions.id })
    .from(eggProductions)
    .where(and(eq(eggProductions.farmId, farmId), eq(eggProductions.flockId, flockId), eq(eggProductions.dateProduced, day)))
    .limit(1);
  if (existing && existing.id !== exceptId) {
    // meta.id lets the form offer to open the record that is already there.
    return new AppError('conflict', eggMessages.duplicateDay, { date_produced: eggMessages.duplicateDay }, { id: String(existing.id) });
  }
  return null;
}

export async function createProduction(db: Db, scope: FarmScope, userId: number, input: CreateEggProductionInput): Promise<EggProduction> {
  const day = pastOrToday(input.date_produced, scope, 'date_produced');
  const totalRevenueCents = revenueCents(input.eggs_collected, input.price_per_unit);
  return db.transaction(async (tx) => {
    const flock = await findFlockRow(tx, scope.farmId, input.flock_id);
    const [row] = await tx
      .insert(eggProductions)
      .values({
        farmId: scope.farmId,
        flockId: flock.id,
        createdBy: userId,
        updatedBy: userId,
        dateProduced: day,
        eggsCollected: input.eggs_collected,
        pricePerUnitCents: input.price_per_unit,
        totalRevenueCents,
      })
      // Two phones recording the same flock and day at once: the second is told, not failed.
      .onConflictDoNothing({ target: [eggProductions.flockId, eggProductions.dateProduced] })
      .returning(returningWithAuthors(eggProductions));
    if (!row) throw (await duplicateDay(tx, scope.farmId, flock.id, day)) ?? conflict(eggMessages.duplicateDay);
    return toProduction(row, flock.name);
  });
}

/** The day, count and price change; the flock stays and the revenue follows (docs/product.md §5). */
export async function updateProduction(db: Db, scope: FarmScope, userId: number, id: number, input: UpdateEggProductionInput): Promise<EggProduction> {
  const day = pastOrToday(input.date_produced, scope, 'date_produced');
  try {
    return await moveProduction(db, scope, userId, id, day, input);
  } catch (error) {
    // Another write took the day between the check and the update (two phones at once): told, not failed.
    if (!isUniqueViolation(error)) throw error;
    const { row } = await findProduction(db, scope.farmId, id);
    throw (await duplicateDay(db, scope.farmId, row.flockId, day, id)) ?? conflict(eggMessages.duplicateDay, { date_produced: eggMessages.duplicateDay });
  }
}

async function moveProduction(db: Db, scope: FarmScope, userId: number, id: number, day: string, input: UpdateEggProductionInput): Promise<EggProduction> {
  return db.transaction(async (tx) => {
    const { row, name } = await findProduction(tx, scope.farmId, id, true);
    const duplicate = await duplicateDay(tx, scope.farmId, row.flockId, day, id);
    if (duplicate) throw duplicate;
    const priceCents = input.price_per_unit ?? row.pricePerUnitCents;
    const [changed] = await tx
      .update(eggProductions)
      .set({
        dateProduced: day,
        eggsCollected: input.eggs_collected,
        pricePerUnitCents: priceCents,
        totalRevenueCents: revenueCents(input.eggs_collected, priceCents),
        updatedAt: new Date(),
        updatedBy: userId,
      })
      .where(and(eq(eggProductions.farmId, scope.farmId), eq(eggProductions.id, id)))
      .returning(returningWithAuthors(eggProductions));
    if (!changed) throw notFound(eggMessages.productionNotFound);
    return toProduction(changed, name);
  });
}

export async function deleteProduction(db: Db, farmId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(eggProductions)
    .where(and(eq(eggProductions.farmId, farmId), eq(eggProductions.id, id)))
    .returning({ id: eggProductions.id });
  if (deleted.length === 0) throw notFound(eggMessages.productionNotFound);
}

// ---------------------------------------------------------------- the day's eggs of every laying flock

const dayRecord = alias(eggProductions, 'day_record');
const previousRecord = alias(eggProductions, 'previous_record');
const recentRecord = alias(eggProductions, 'recent_record');

/** The farm's today, or a past day the farmer asked for. */
function askedDay(value: string | undefined, scope: FarmScope, field: string): string {
  return value === undefined ? farmDayOf(scope) : pastOrToday(value, scope, field);
}

/**
 * 'Record today's eggs': every laying flock (not broilers, not archived, in a laying status or
 * with eggs lately, or already recorded that day) with the day's record and the day before's eggs.
 */
export async function eggDay(db: Db, scope: FarmScope, query: EggDayQuery): Promise<EggDay> {
  const day = askedDay(query.date, scope, 'date');
  const previousDay = shiftDay(day, -1);
  const recently = db
    .select({ one: sql`1` })
    .from(recentRecord)
    .where(
      and(
        eq(recentRecord.farmId, scope.farmId),
        eq(recentRecord.flockId, flocks.id),
        gte(recentRecord.dateProduced, shiftDay(day, -EGG_DAY_RECENT_DAYS)),
        lte(recentRecord.dateProduced, day),
      ),
    );
  const rows = await db
    .select({
      flockId: flocks.id,
      name: flocks.name,
      birdCount: flocks.birdCount,
      recordId: dayRecord.id,
      eggs: dayRecord.eggsCollected,
      previousEggs: previousRecord.eggsCollected,
    })
    .from(flocks)
    .leftJoin(dayRecord, and(eq(dayRecord.flockId, flocks.id), eq(dayRecord.dateProduced, day)))
    .leftJoin(previousRecord, and(eq(previousRecord.flockId, flocks.id), eq(previousRecord.dateProduced, previousDay)))
    .where(
      and(
        eq(flocks.farmId, scope.farmId),
        ne(flocks.breed, 'Broilers'),
        ne(flocks.status, 'archived'),
        or(inArray(flocks.status, [...LAYING_STATUSES]), isNotNull(dayRecord.id), exists(recently)),
      ),
    );
  rows.sort((a, b) => compareFlockNames(a.name, b.name) || a.flockId - b.flockId);
  return {
    date: day,
    previous_date: previousDay,
    flocks: rows.map((r) => ({
      flock_id: r.flockId,
      flock_name: r.name,
      bird_count: r.birdCount,
      record: r.recordId === null || r.eggs === null ? null : { id: r.recordId, eggs_collected: r.eggs },
      previous_eggs: r.previousEggs,
    })),
  };
}

type DayRow = RecordEggDayInput['rows'][number];
type DayOutcome = EggDayResult['results'][number];

/**
 * One row of the day's save, in its own savepoint so that a refused row leaves the others. A
 * row that names its record changes it; one that names none adds the flock's record of the day,
 * or is refused if one was kept meanwhile (two phones on one flock: neither overwrites unseen).
 */
async function saveDayRow(tx: DbOrTx, scope: FarmScope, userId: number, day: string, input: DayRow): Promise<DayOutcome> {
  const failed = (message: string, record: DayOutcome['record'] = null): DayOutcome => ({ flock_id: input.flock_id, status: 'failed', record, message });
  const [flock] = await tx
    .select({ id: flocks.id })
    .from(flocks)
    .where(and(eq(flocks.farmId, scope.farmId), eq(flocks.id, input.flock_id)));
  if (!flock) return failed(eggMessages.dayFlockGone);
  const keptRecord = async () =>
    (
      await tx
        .select({ id: eggProductions.id, eggs: eggProductions.eggsCollected, priceCents: eggProductions.pricePerUnitCents })
        .from(eggProductions)
        .where(and(eq(eggProductions.farmId, scope.farmId), eq(eggProductions.flockId, flock.id), eq(eggProductions.dateProduced, day)))
        .for('no key update')
    )[0];
  const record = (id: number, eggs: number) => ({ id, eggs_collected: eggs });
  let kept = await keptRecord();
  if (!kept) {
    if (input.record_id) return failed(eggMessages.dayRecordGone);
    const [added] = await tx
      .insert(eggProductions)
      .values({ farmId: scope.farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, dateProduced: day, eggsCollected: input.eggs_collected })
      .onConflictDoNothing({ target: [eggProductions.flockId, eggProductions.dateProduced] })
      .returning({ id: eggProductions.id });
    if (added) return { flock_id: flock.id, status: 'created', record: record(added.id, input.eggs_collected) };
    // Another phone added it between the read and the insert: read what it kept.
    kept = await keptRecord();
    if (!kept) return failed(eggMessages.dayRecordGone);
  }
  if (input.record_id !== kept.id) return failed(eggMessages.dayAlreadyRecorded(traysText(kept.eggs)), record(kept.id, kept.eggs));
  if (kept.eggs === input.eggs_collected) return { flock_id: flock.id, status: 'unchanged', record: record(kept.id, kept.eggs) };
  await tx
    .update(eggProductions)
    .set({ eggsCollected: input.eggs_collected, totalRevenueCents: revenueCents(input.eggs_collected, kept.priceCents), updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(eggProductions.farmId, scope.farmId), eq(eggProductions.id, kept.id)));
  return { flock_id: flock.id, status: 'updated', record: record(kept.id, input.eggs_collected) };
}

/** The day's rows, each its own record: every row's outcome, in the order sent. */
export async function recordEggDay(db: Db, scope: FarmScope, userId: number, input: RecordEggDayInput): Promise<EggDayResult> {
  const day = pastOrToday(input.date_produced, scope, 'date_produced');
  const results: DayOutcome[] = [];
  for (const row of input.rows) results.push(await db.transaction((tx) => saveDayRow(tx, scope, userId, day, row)));
  return { results };
}

// ---------------------------------------------------------------- adjustments

const adjustmentSorts = {
  date: eggAdjustments.dateAdjusted,
  flock: flocks.name,
  type: eggAdjustments.adjustmentType,
  eggs: eggAdjustments.eggsAdjusted,
} as const;

export async function listAdjustments(db: Db, farmId: number, query: ListEggAdjustmentsQuery): Promise<Page<EggAdjustment>> {
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(eggAdjustments.farmId, farmId)];
  if (query.flock_id) filters.push(eq(eggAdjustments.flockId, query.flock_id));
  if (query.adjustment_type) filters.push(eq(eggAdjustments.adjustmentType, query.adjustment_type));
  if (pattern) {
    const text = or(
      ilike(flocks.name, pattern),
      ilike(eggAdjustments.adjustmentType, pattern),
      ilike(eggAdjustments.notes, pattern),
      ilike(sql`${eggAdjustments.dateAdjusted}::text`, pattern),
      searchDayAsShown(eggAdjustments.dateAdjusted, query.q, pattern),
    );
    if (text) filters.push(text);
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order = [direction(adjustmentSorts[query.sort]), direction(eggAdjustments.id)];
  return listPage(
    db,
    query,
    {
      table: eggAdjustments,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, eggAdjustments.flockId) } : undefined,
      where: and(...filters),
      order,
      kept: pattern || query.flock_id || query.adjustment_type ? undefined : keptTotal('adjustments', farmId),
      rows: (inPage, total) =>
        db
          .select({ row: eggAdjustments, name: flocks.name, ...authorNames(eggAdjustments), total })
          .from(eggAdjustments)
          .leftJoin(flocks, eq(flocks.id, eggAdjustments.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toAdjustment({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name),
  );
}

function adjustmentValues(scope: FarmScope, input: UpdateEggAdjustmentInput) {
  return {
    adjustmentType: input.adjustment_type,
    eggsAdjusted: adjustmentEggs(input.eggs_adjusted, input.unit),
    unit: input.unit,
    dateAdjusted: pastOrToday(input.date_adjusted, scope, 'date_adjusted'),
    notes: input.notes ? input.notes : null,
  };
}

export async function createAdjustment(db: Db, scope: FarmScope, userId: number, input: CreateEggAdjustmentInput): Promise<EggAdjustment> {
  const values = adjustmentValues(scope, input);
  return db.transaction(async (tx) => {
    const flock = await findFlockRow(tx, scope.farmId, input.flock_id);
    const [row] = await tx
      .insert(eggAdjustments)
      .values({ farmId: scope.farmId, flockId: flock.id, createdBy: userId, updatedBy: userId, ...values })
      .returning(returningWithAuthors(eggAdjustments));
    if (!row) throw new Error('insert returned nothing');
    return toAdjustment(row, flock.name);
  });
}

export async function updateAdjustment(db: Db, scope: FarmScope, userId: number, id: number, input: UpdateEggAdjustmentInput): Promise<EggAdjustment> {
  const values = adjustmentValues(scope, input);
  const ownFlockId = sql`${eggAdjustments}.${sql.identifier(eggAdjustments.flockId.name)}`;
  const [changed] = await db
    .update(eggAdjustments)
    .set({ ...values, updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(eggAdjustments.farmId, scope.farmId), eq(eggAdjustments.id, id)))
    .returning({ ...returningWithAuthors(eggAdjustments), flockName: sql<string | null>`(select f.name from ${flocks} f where f.id = ${ownFlockId})` });
  if (!changed) throw notFound(eggMessages.adjustmentNotFound);
  return toAdjustment(changed, changed.flockName);
}

export async function deleteAdjustment(db: Db, farmId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(eggAdjustments)
    .where(and(eq(eggAdjustments.farmId, farmId), eq(eggAdjustments.id, id)))
    .returning({ id: eggAdjustments.id });
  if (deleted.length === 0) throw notFound(eggMessages.adjustmentNotFound);
}

// ---------------------------------------------------------------- statistics and charts

/** The sales category whose crates leave the egg stock (docs/product.md §9). */
const EGG_SALES: SaleCategory = 'Egg Sales';

/** The adjustments of a month by type, zero for a type without any. */
function byType(kept: Record<string, number | string> | null): Record<AdjustmentType, number> {
  return Object.fromEntries(ADJUSTMENT_TYPES.map((type) => [type, Number(kept?.[type] ?? 0)])) as Record<AdjustmentType, number>;
}

/**
 * This month's numbers in the farm's time zone, read from the rollups (migrations 0013, 0014)
 * in one statement: a row a flock, a row a day, a row a type and the month's egg sales, whatever
 * the farm's history.
 */
export async function eggStats(db: Db, scope: FarmScope): Promise<EggStats> {
  const { start, next, month } = farmMonth(scope);
  const farmId = scope.farmId;
  const row = await oneRow<{
    flocks: [number, string, number, number | string, number][] | null;
    farm: [number | string, number | string];
    adjustments: Record<string, number | string> | null;
    crates: number | string;
  }>(
    db,
    sql`select
      (select json_agg(json_build_array(m.flock_id, coalesce(f.name, ${eggMessages.unknownFlock}), coalesce(f.bird_count, 0), m.eggs, m.days)
                       order by coalesce(f.name, ${eggMessages.unknownFlock}), m.flock_id)
         from ${eggFlockMonths} m left join ${flocks} f on f.id = m.flock_id
         where m.farm_id = ${farmId} and m.month = ${start} and m.days > 0) as flocks,
      (select json_build_array(coalesce(sum(eggs), 0), count(*)) from ${eggProductionDays}
         where farm_id = ${farmId} and day >= ${start} and day < ${next} and records > 0) as farm,
      (select json_object_agg(adjustment_type, eggs) from ${eggAdjustmentMonths} where farm_id = ${farmId} and month = ${start}) as adjustments,
      (select coalesce(sum(quantity), 0) from ${saleCategoryMonths} where farm_id = ${farmId} and month = ${start} and category = ${EGG_SALES}) as crates`,
  );
  const eggs = Number(row.farm[0]);
  const days = Number(row.farm[1]);
  const adjustments = byType(row.adjustments);
  const adjusted = adjustments.giveaway + adjustments.breakage + adjustments.consumption;
  const eggSaleCrates = Number(row.crates);
  const stock = availableEggStock(eggs, eggSaleCrates, adjusted);
  const flockRows = (row.flocks ?? []).map(([flockId, name, birds, flockEggs, flockDays]) => ({
    flockId,
    name,
    birds: Number(birds),
    eggs: Number(flockEggs),
    days: Number(flockDays),
  }));
  const laying = flockRows.filter((f) => f.birds > 0);
  const henDays = laying.reduce((sum, f) => sum + f.birds * f.days, 0);
  const layingEggs = laying.reduce((sum, f) => sum + f.eggs, 0);
  return {
    month,
    eggs_this_month: eggs,
    trays_this_month: toTrays(eggs).trays,
    remainder_eggs_this_month: toTrays(eggs).eggs,
    production_days: days,
    average_per_day: averageEggsPerDay(eggs, days),
    average_trays_per_day: averageTraysPerDay(eggs, days),
    adjusted_eggs_this_month: adjusted,
    egg_sale_crates_this_month: eggSaleCrates,
    available_stock: stock,
    available_stock_trays: toTrays(stock).trays,
    available_stock_remainder: toTrays(stock).eggs,
    laying_rate: layingRate(layingEggs, henDays, 1),
    flocks: flockRows.map((f) => ({
      flock_id: f.flockId,
      flock_name: f.name,
      birds: f.birds,
      eggs: f.eggs,
      days: f.days,
      laying_rate: layingRate(f.eggs, f.birds, f.days),
    })),
    adjustments,
  };
}

/**
 * The charts' points in one statement over the rollups: each flock's last 30 days from its
 * months' day slots (a row a flock a month), this month's 7-day weeks, this month's adjustments
 * by type.
 */
export async function eggSeries(db: Db, scope: FarmScope): Promise<EggSeries> {
  const { today, start, next } = farmMonth(scope);
  const first = shiftDay(today, 1 - EGG_CHART_DAYS);
  const days = Array.from({ length: EGG_CHART_DAYS }, (_, i) => shiftDay(first, i));
  const farmId = scope.farmId;
  const row = await oneRow<{
    flocks: [number, string, string, number[]][] | null;
    weeks: [number, number | string][] | null;
    adjustments: Record<string, number | string> | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_array(m.flock_id, coalesce(f.name, ${eggMessages.unknownFlock}), m.month, m.daily)
                       order by coalesce(f.name, ${eggMessages.unknownFlock}), m.flock_id, m.month)
         from ${eggFlockMonths} m left join ${flocks} f on f.id = m.flock_id
         where m.farm_id = ${farmId} and m.month >= ${`${first.slice(0, 7)}-01`} and m.month <= ${start} and m.days > 0) as flocks,
      (select json_agg(json_build_array(w.week, w.eggs)) from (
         select (extract(day from day)::int - 1) / 7 + 1 as week, sum(eggs) as eggs from ${eggProductionDays}
         where farm_id = ${farmId} and day >= ${start} and day < ${next} and records > 0 group by 1) w) as weeks,
      (select json_object_agg(adjustment_type, eggs) from ${eggAdjustmentMonths} where farm_id = ${farmId} and month = ${start}) as adjustments`,
  );
  // Where each month's 1st falls among the 30 days, and how long the month is.
  const months = new Map<string, { offset: number; length: number }>();
  for (const [i, day] of days.entries()) {
    const month = `${day.slice(0, 7)}-01`;
    if (!months.has(month)) months.set(month, { offset: i - (Number(day.slice(8)) - 1), length: daysInMonth(month) });
  }
  const byFlock = new Map<number, { flock_id: number; flock_name: string; eggs: number[] }>();
  for (const [flockId, name, monthStart, daily] of row.flocks ?? []) {
    const place = months.get(monthStart);
    if (!place) continue;
    const line = byFlock.get(flockId) ?? { flock_id: flockId, flock_name: name, eggs: days.map(() => 0) };
    byFlock.set(flockId, line);
    for (let slot = 0; slot < place.length; slot++) {
      const i = place.offset + slot;
      if (i >= 0 && i < days.length) line.eggs[i] = Number(daily[slot] ?? 0);
    }
  }
  // A flock with no eggs in the 30 days draws no line.
  const series = [...byFlock.values()].filter((line) => line.eggs.some((eggs) => eggs > 0));
  const lastDay = shiftDay(next, -1);
  const weekly = new Map((row.weeks ?? []).map(([week, eggs]) => [Number(week), Number(eggs)]));
  const weeks = Array.from({ length: Math.ceil(Number(lastDay.slice(8)) / 7) }, (_, i) => {
    const weekStart = shiftDay(start, i * 7);
    const weekEnd = shiftDay(start, i * 7 + 6);
    return { week: i + 1, start: weekStart, end: weekEnd < lastDay ? weekEnd : lastDay, eggs: weekly.get(i + 1) ?? 0 };
  });
  return { days, flocks: series, weeks, adjustments: byType(row.adjustments) };
}
