import {
  ageGroup,
  BIRD_COUNT_MAX,
  birdSaleMessages,
  confirmsFlockName,
  currentAgeWeeks,
  FLOCK_HEALTH,
  FLOCK_HISTORY_WEEKS,
  FLOCK_STATUSES,
  flockBinMessages,
  flockMessages,
  formatCount,
  mortalityRate,
  reasonMismatch,
  type BirdCountChangeInput,
  type BirdCountChangeResult,
  type CreateFlockInput,
  type Flock,
  type FlockHistory,
  type FlockStats,
  type ListFlocksQuery,
  type Page,
  type UpdateFlockInput,
} from '@kuku/domain';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { budgets, eggAdjustments, eggProductions, expenses, farmFlockTotals, feedRecords, flockBirdCountEvents, flocks, flockYearBudgets, inventoryItems, sales } from '../../db/schema/index.js';
import { sqlNumber, toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { binFlock } from './bin.js';

type FlockRow = typeof flocks.$inferSelect;

/** The columns a flock's answer is made of: a list page reads these only. */
const flockFields = {
  id: flocks.id,
  name: flocks.name,
  breed: flocks.breed,
  ageAtAddingWeeks: flocks.ageAtAddingWeeks,
  initialBirdCount: flocks.initialBirdCount,
  birdCount: flocks.birdCount,
  deaths: flocks.deaths,
  status: flocks.status,
  createdAt: flocks.createdAt,
};
type FlockFields = Pick<FlockRow, keyof typeof flockFields>;

export function toFlock(row: FlockFields & AuthorNames, now = new Date()): Flock {
  const age = currentAgeWeeks(row.ageAtAddingWeeks, row.createdAt, now);
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    age,
    age_group: ageGroup(age),
    initial_bird_count: row.initialBirdCount,
    bird_count: row.birdCount,
    status: row.status,
    mortality_rate: Number(mortalityRate(row.deaths, row.initialBirdCount).toFixed(2)),
    health: FLOCK_HEALTH.status,
    created_at: row.createdAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

/**
 * The farm's flock by id; another farm's flock is not found, never forbidden. A
 * transaction that changes the flock from what it read locks the row until commit, so a
 * concurrent change waits and then reads the new row: 'no key update' to change it (a
 * record being added to the flock does not wait), 'update' to delete it.
 */
export async function findFlockRow(db: DbOrTx, farmId: number, id: number, lock?: 'no key update' | 'update'): Promise<FlockRow> {
  const query = db.select().from(flocks).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id))).limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw notFound(flockMessages.notFound);
  return row;
}

/**
 * The flock a record is being written for, in the farm, held with KEY SHARE: a flock being
 * deleted at the same time (its records cascade, and their triggers want the rollup rows the
 * write is about to lock) is waited for instead of deadlocking. Another farm's flock, or none,
 * is 404 with the form field's message under `flock_id`.
 */
export async function lockRecordFlock(tx: DbOrTx, farmId: number, flockId: number, fieldMessage: string): Promise<{ id: number; name: string }> {
  const [flock] = await tx
    .select({ id: flocks.id, name: flocks.name })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId)))
    .limit(1)
    .for('key share');
  if (!flock) throw new AppError('not_found', flockMessages.notFound, { flock_id: fieldMessage });
  return flock;
}

export async function getFlock(db: Db, farmId: number, id: number): Promise<Flock> {
  const [row] = await db
    .select({ ...flockFields, ...authorNames(flocks) })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)))
    .limit(1);
  if (!row) throw notFound(flockMessages.notFound);
  return toFlock(row);
}

export async function createFlock(db: Db, farmId: number, userId: number, input: CreateFlockInput): Promise<Flock> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flocks)
      .values({
        farmId,
        createdBy: userId,
        updatedBy: userId,
        name: input.name,
        breed: input.breed,
        ageAtAddingWeeks: input.age,
        initialBirdCount: input.initial_bird_count,
        birdCount: input.bird_count,
        status: input.status,
      })
      .returning(returningWithAuthors(flocks));
    if (!row) throw new Error('insert returned nothing');
    // The starting count is the first point of the flock's history.
    await tx.insert(flockBirdCountEvents).values({
      farmId,
      flockId: row.id,
      createdBy: userId,
      reason: 'added',
      delta: input.bird_count,
      countAfter: input.bird_count,
      note: 'Flock added',
    });
    return toFlock(row);
  });
}

const sortColumns = {
  id: flocks.id,
  name: flocks.name,
  breed: flocks.breed,
  // Age shown grows from created_at, so "older" is more weeks at adding or added earlier.
  age: sql`${flocks.ageAtAddingWeeks} * 7 + (current_date - ${flocks.createdAt}::date)`,
  bird_count: flocks.birdCount,
  status: flocks.status,
  created_at: flocks.createdAt,
} as const;

/**
 * The farm's flocks a page at a time. One prepared statement per shape (sort, order, status
 * filter, search), its values as placeholders (decision 061); without a search the total is the
 * farm's rollup (a handful of rows), not a count of every flock.
 */
export async function listFlocks(db: Db, farmId: number, query: ListFlocksQuery): Promise<Page<Flock>> {
  const now = new Date();
  const shape = `flock_page_${query.sort}_${query.order}${query.status ? '_status' : ''}${query.q ? '_search' : ''}`;
  return listPage(
    db,
    query,
    () => {
      const filters: SQL[] = [eq(flocks.farmId, sql.placeholder('farmId'))];
      if (query.status) filters.push(eq(flocks.status, sql.placeholder('status')));
      if (query.q) {
        const pattern = sql.placeholder('pattern');
        const text = or(ilike(flocks.name, pattern), ilike(flocks.breed, pattern), ilike(flocks.status, pattern));
        if (text) filters.push(text);
      }
      const direction = query.order === 'desc' ? desc : asc;
      const order = [direction(sortColumns[query.sort]), direction(flocks.id)];
      return {
        table: flocks,
        where: and(...filters),
        order,
        kept: query.q ? undefined : rollupTotalSql(query.status !== undefined),
        rows: (inPage, total) => db.select({ flock: flockFields, ...authorNames(flocks), total }).from(flocks).where(inPage).orderBy(...order),
      };
    },
    (r) => toFlock({ ...r.flock, createdByName: r.createdByName, updatedByName: r.updatedByName }, now),
    { prepared: shape, values: { farmId, status: query.status, pattern: searchPattern(query.q) } },
  );
}

function rollupTotalSql(byStatus: boolean): SQL<number> {
  const ofStatus = byStatus ? sql` and ${farmFlockTotals.status} = ${sql.placeholder('status')}` : sql``;
  return sql<number>`(select coalesce(sum(${farmFlockTotals.flocks}), 0)::int from ${farmFlockTotals}
    where ${farmFlockTotals.farmId} = ${sql.placeholder('farmId')}${ofStatus})`;
}

/** Totals for the statistics card, in one aggregate query (archived flocks count no birds). */
export async function flockStats(db: Db, farmId: number): Promise<FlockStats> {
  const rows = await db
    .select({
      status: farmFlockTotals.status,
      flocks: farmFlockTotals.flocks,
      birds: farmFlockTotals.birds,
      weightedRate: sqlNumber<number>(farmFlockTotals.weightedRate),
    })
    .from(farmFlockTotals)
    .where(eq(farmFlockTotals.farmId, farmId));
  const byStatus = Object.fromEntries(FLOCK_STATUSES.map((s) => [s, 0])) as FlockStats['by_status'];
  let totalFlocks = 0;
  let totalBirds = 0;
  let weighted = 0;
  for (const row of rows) {
    byStatus[row.status] = row.flocks;
    totalFlocks += row.flocks;
    if (row.status === 'archived') continue;
    totalBirds += row.birds;
    weighted += row.weightedRate;
  }
  // docs/product.md §9: the bird-count-weighted average of each flock's mortality rate.
  const rate = totalBirds > 0 ? weighted / totalBirds : 0;
  return { total_flocks: totalFlocks, total_birds: totalBirds, by_status: byStatus, mortality_rate: Number(rate.toFixed(2)) };
}

interface HistoryRow {
  week_start: string;
  bird_count: number;
  deaths: number;
  mortality_rate: number;
  vaccinations_due: number;
  vaccinations_done: number;
}

/**
 * The flock's last weeks (at most FLOCK_HISTORY_WEEKS, Monday-based in the farm's zone)
 * for its charts, in one statement. The count and deaths at a week's end are the flock's
 * counters minus the events after that week, so only the window's events are read,
 * however long the flock's history (docs/design.md §9: history reads stay bounded).
 */
export async function flockHistory(db: Db, farmId: number, id: number): Promise<FlockHistory> {
  const { rows } = (await db.execute(sql`
    with bounds as (
      select f.bird_count, f.deaths, f.initial_bird_count, fa.time_zone as tz,
        date_trunc('week', now() at time zone fa.time_zone) as last_week,
        least(
          date_trunc('week', now() at time zone fa.time_zone),
          greatest(
            date_trunc('week', f.created_at at time zone fa.time_zone),
            date_trunc('week', now() at time zone fa.time_zone) - make_interval(weeks => ${FLOCK_HISTORY_WEEKS - 1})
          )
        ) as first_week
      from flocks f join farms fa on fa.id = f.farm_id
      where f.farm_id = ${farmId} and f.id = ${id}
    ),
    weeks as (
      select gs as week_start from bounds b, generate_series(b.first_week, b.last_week, interval '1 week') gs
    ),
    ev as (
      select date_trunc('week', e.created_at at time zone b.tz) as week_start,
        sum(e.delta)::int as delta,
        (coalesce(sum(-e.delta) filter (where e.reason = 'mortality' and e.delta < 0), 0))::int as deaths
      from flock_bird_count_events e cross join bounds b
      where e.farm_id = ${farmId} and e.flock_id = ${id} and e.created_at >= (b.first_week at time zone b.tz)
      group by 1
    ),
    vac as (
      select date_trunc('week', v.date at time zone b.tz) as week_start,
        (count(*) filter (where v.status <> 'Cancelled'))::int as due,
        (count(*) filter (where v.status = 'Completed'))::int as done
      from vaccinations v cross join bounds b
      where v.farm_id = ${farmId} and v.flock_id = ${id}
        and v.date >= (b.first_week at time zone b.tz) and v.date < ((b.last_week + interval '1 week') at time zone b.tz)
      group by 1
    ),
    series as (
      select w.week_start,
        b.bird_count - coalesce((select sum(ev.delta) from ev where ev.week_start > w.week_start), 0) as bird_count,
        coalesce((select ev.deaths from ev where ev.week_start = w.week_start), 0) as deaths,
        b.deaths - coalesce((select sum(ev.deaths) from ev where ev.week_start > w.week_start), 0) as deaths_to_date,
        b.initial_bird_count
      from weeks w cross join bounds b
    )
    select to_char(s.week_start, 'YYYY-MM-DD') as week_start,
      s.bird_count::int as bird_count,
      s.deaths::int as deaths,
      coalesce(round(s.deaths_to_date * 100.0 / nullif(s.initial_bird_count, 0), 2), 0)::float8 as mortality_rate,
      coalesce(vac.due, 0)::int as vaccinations_due,
      coalesce(vac.done, 0)::int as vaccinations_done
    from series s left join vac on vac.week_start = s.week_start
    order by s.week_start
  `)) as unknown as { rows: HistoryRow[] };
  // Every flock has at least its current week: no row means no such flock on this farm.
  if (rows.length === 0) throw notFound(flockMessages.notFound);
  return {
    flock_id: id,
    weeks: rows.map((r) => ({
      week_start: r.week_start,
      bird_count: toSafeInteger(r.bird_count),
      deaths: toSafeInteger(r.deaths),
      mortality_rate: toSafeNumber(r.mortality_rate),
      vaccinations_due: toSafeInteger(r.vaccinations_due),
      vaccinations_done: toSafeInteger(r.vaccinations_done),
    })),
  };
}

/**
 * A bird count is changed by an event with its reason; a status is saved as it is. The
 * count, deaths and the event's delta are the flock's ledger balance, written together
 * from the locked row (decision 020).
 */
/** Writes a flock's changed columns, read by `findFlockRow` with a lock in the same transaction. */
async function saveFlock(tx: DbOrTx, farmId: number, id: number, changes: Partial<typeof flocks.$inferInsert>) {
  const [updated] = await tx
    .update(flocks)
    .set(changes)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)))
    .returning(returningWithAuthors(flocks));
  if (!updated) throw notFound(flockMessages.notFound);
  return updated;
}

export async function updateFlock(db: Db, farmId: number, userId: number, id: number, input: UpdateFlockInput): Promise<Flock> {
  return db.transaction(async (tx) => {
    const row = await findFlockRow(tx, farmId, id, 'no key update');
    const changes: Partial<typeof flocks.$inferInsert> = { updatedAt: new Date(), updatedBy: userId };
    if (input.status !== undefined) changes.status = input.status;
    if (input.bird_count !== undefined && input.bird_count !== row.birdCount) {
      const delta = input.bird_count - row.birdCount;
      const reason = input.reason ?? (delta > 0 ? 'added' : 'correction');
      const mismatch = reasonMismatch(reason, delta);
      if (mismatch) throw invalid(mismatch, { reason: mismatch });
      changes.birdCount = input.bird_count;
      if (reason === 'mortality' && delta < 0) changes.deaths = row.deaths - delta;
      await tx.insert(flockBirdCountEvents).values({
        farmId,
        flockId: id,
        createdBy: userId,
        reason,
        delta,
        countAfter: input.bird_count,
        note: input.note || null,
      });
    }
    return toFlock(await saveFlock(tx, farmId, id, changes));
  });
}

/**
 * Birds that died, were sold, culled or added, as a change of the flock's count: the change is
 * applied to the count as it is now (the row locked), so two phones' changes add up. Its reason
 * must fit its direction, and the count cannot go below 0 (422).
 */
export async function changeBirdCount(db: Db, farmId: number, userId: number, id: number, input: BirdCountChangeInput): Promise<BirdCountChangeResult> {
  const mismatch = reasonMismatch(input.reason, input.change);
  if (mismatch) throw invalid(mismatch, { reason: mismatch });
  return db.transaction(async (tx) => {
    const row = await findFlockRow(tx, farmId, id, 'no key update');
    const countAfter = row.birdCount + input.change;
    if (countAfter < 0) {
      const message = flockMessages.fewerBirdsThan(formatCount(row.birdCount));
      throw new AppError('rule_broken', message, { change: message });
    }
    if (countAfter > BIRD_COUNT_MAX) throw invalid(flockMessages.countMax, { change: flockMessages.countMax });
    const [event] = await tx
      .insert(flockBirdCountEvents)
      .values({ farmId, flockId: id, createdBy: userId, reason: input.reason, delta: input.change, countAfter, note: input.note || null })
      .returning();
    if (!event) throw new Error('insert returned nothing');
    const changes: Partial<typeof flocks.$inferInsert> = { birdCount: countAfter, updatedAt: new Date(), updatedBy: userId };
    if (input.reason === 'mortality') changes.deaths = row.deaths - input.change;
    const updated = await saveFlock(tx, farmId, id, changes);
    return {
      change: {
        id: event.id,
        flock_id: id,
        reason: event.reason,
        change: event.delta,
        count_after: event.countAfter,
        note: event.note,
        created_at: event.createdAt.toISOString(),
      },
      flock: toFlock(updated),
    };
  });
}

/**
 * Birds a sale took off (`delta` < 0) or gave back (> 0) to the flock, as a 'sold' change of its
 * count (decision 072): applied to the count as it is now, the row locked, never below 0 (422
 * under `field`). The flock's deaths are untouched, so its mortality stays true.
 */
export async function birdsSold(tx: DbOrTx, farmId: number, userId: number, flockId: number, delta: number, note: string, field: string): Promise<void> {
  if (delta === 0) return;
  const row = await findFlockRow(tx, farmId, flockId, 'no key update');
  const countAfter = row.birdCount + delta;
  if (countAfter < 0) {
    const message = birdSaleMessages.moreThanFlock(row.birdCount);
    throw new AppError('rule_broken', message, { [field]: message });
  }
  if (countAfter > BIRD_COUNT_MAX) throw invalid(flockMessages.countMax, { [field]: flockMessages.countMax });
  await tx.insert(flockBirdCountEvents).values({ farmId, flockId, createdBy: userId, reason: 'sold', delta, countAfter, note });
  await saveFlock(tx, farmId, flockId, { birdCount: countAfter, updatedAt: new Date(), updatedBy: userId });
}

/**
 * Without records beyond its start, a flock is deleted. With records it is archived unless
 * the owner asked for everything to go and typed the flock's name (the route lets only the
 * owner ask, decision 052). A deleted flock and all its rows are kept in the bin first, in
 * the same transaction, so the owner can bring them back for FLOCK_BIN_DAYS.
 */
export async function deleteFlock(
  db: Db,
  farmId: number,
  userId: number,
  id: number,
  { everything, confirmName }: { everything: boolean; confirmName?: string | undefined },
): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const flock = await findFlockRow(tx, farmId, id, 'update');
    if (everything) {
      if (!confirmName?.trim()) throw invalid(flockBinMessages.confirmNameRequired, { confirm_name: flockBinMessages.confirmNameRequired });
      if (!confirmsFlockName(confirmName, flock.name)) throw invalid(flockBinMessages.confirmNameWrong, { confirm_name: flockBinMessages.confirmNameWrong });
    }
    const [events] = await tx
      .select({ n: count() })
      .from(flockBirdCountEvents)
      .where(and(eq(flockBirdCountEvents.farmId, farmId), eq(flockBirdCountEvents.flockId, id)));
    // Egg records, sales, expenses, budgets (monthly and yearly), inventory items and feed records keep a flock: it is archived unless the farmer asks for everything to go.
    const [records] = await tx
      .select({ any: sql<boolean>`exists (select 1 from ${eggProductions} where ${eggProductions.farmId} = ${farmId} and ${eggProductions.flockId} = ${id})
        or exists (select 1 from ${eggAdjustments} where ${eggAdjustments.farmId} = ${farmId} and ${eggAdjustments.flockId} = ${id})
        or exists (select 1 from ${sales} where ${sales.farmId} = ${farmId} and ${sales.flockId} = ${id})
        or exists (select 1 from ${expenses} where ${expenses.farmId} = ${farmId} and ${expenses.flockId} = ${id})
        or exists (select 1 from ${budgets} where ${budgets.farmId} = ${farmId} and ${budgets.flockId} = ${id})
        or exists (select 1 from ${flockYearBudgets} where ${flockYearBudgets.farmId} = ${farmId} and ${flockYearBudgets.flockId} = ${id})
        or exists (select 1 from ${inventoryItems} where ${inventoryItems.farmId} = ${farmId} and ${inventoryItems.flockId} = ${id})
        or exists (select 1 from ${feedRecords} where ${feedRecords.farmId} = ${farmId} and ${feedRecords.flockId} = ${id})` })
      .from(sql`(select 1) as one`);
    const hasRecords = (events?.n ?? 0) > 1 || records?.any === true;
    if (hasRecords && !everything) {
      await tx.update(flocks).set({ status: 'archived', updatedAt: new Date(), updatedBy: userId }).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)));
      return 'archived';
    }
    await binFlock(tx, farmId, userId, id, flock.name);
    await tx.delete(flocks).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)));
    return 'deleted';
  });
}
