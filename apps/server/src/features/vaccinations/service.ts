import {
  dayIn,
  dueState,
  rescheduleProblem,
  fromApiDateTime,
  isFutureCompleted,
  STANDARD_SCHEDULE,
  standardScheduleDate,
  VACCINATION_WARNING_DAYS,
  vaccinationMessages,
  type ApplyStandardScheduleInput,
  type CreateVaccinationInput,
  type ListVaccinationsQuery,
  type Page,
  type UpdateVaccinationInput,
  type Vaccination,
  type VaccinationDueFilter,
  type VaccinationStats,
  type VaccinationStatus,
  type Language,
  STANDARD_VACCINE_LABELS,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { preparedQuery } from '../../db/prepared.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import { farmFlockTotals, flocks, vaccinations } from '../../db/schema/index.js';
import { sqlInteger } from '../../db/sql-number.js';
import type { FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';

type Row = typeof vaccinations.$inferSelect;

function toVaccination(row: Row & AuthorNames, flockName: string, now: Date): Vaccination {
  return {
    id: row.id,
    flock_id: row.flockId,
    flock_name: flockName,
    user_id: row.createdBy,
    vaccine_name: row.vaccineName,
    date: row.date.toISOString(),
    status: row.status,
    mode_of_administration: row.mode,
    due: dueState(row.date, row.status, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

const sortColumns = {
  date: vaccinations.date,
  vaccine_name: vaccinations.vaccineName,
  status: vaccinations.status,
  created_at: vaccinations.createdAt,
} as const;

/**
 * The list's order: a column and the id in the asked direction, or for `due` the pending ones
 * first by the oldest date (the overdue on top), then the others newest first.
 */
function orderOf(query: ListVaccinationsQuery): SQL[] {
  if (query.sort === 'due') {
    const pending = sql`${vaccinations.status} = 'Pending'`;
    return [sql`${pending} desc`, sql`case when ${pending} then ${vaccinations.date} end asc`, desc(vaccinations.date), desc(vaccinations.id)];
  }
  const direction = query.order === 'desc' ? desc : asc;
  return [direction(sortColumns[query.sort]), direction(vaccinations.id)];
}

/** The pending vaccinations past their date, or due within VACCINATION_WARNING_DAYS. */
function dueFilter(due: VaccinationDueFilter): SQL {
  const pending = sql`${vaccinations.status} = 'Pending'`;
  return due === 'overdue'
    ? sql`${pending} and ${vaccinations.date} < now()`
    : sql`${pending} and ${vaccinations.date} >= now() and ${vaccinations.date} <= now() + make_interval(days => ${VACCINATION_WARNING_DAYS})`;
}

/** The counter of a status, or of every status. */
function countersOf(pending: SQL, completed: SQL, cancelled: SQL, status: VaccinationStatus | undefined): SQL {
  if (status === 'Pending') return pending;
  if (status === 'Completed') return completed;
  if (status === 'Cancelled') return cancelled;
  return sql`${pending} + ${completed} + ${cancelled}`;
}

/** The list's total as the counters keep it: one flock's, or the farm's rollup of them. */
function keptTotal(farmId: number, flockId: number | undefined, status: VaccinationStatus | undefined): SQL {
  if (flockId !== undefined) {
    const counters = countersOf(sql`${flocks.vaccinationsPending}`, sql`${flocks.vaccinationsCompleted}`, sql`${flocks.vaccinationsCancelled}`, status);
    return sql`(select coalesce(sum(${counters}), 0)::int from ${flocks} where ${flocks.farmId} = ${farmId} and ${flocks.id} = ${flockId})`;
  }
  const t = farmFlockTotals;
  const counters = countersOf(sql`${t.vaccinationsPending}`, sql`${t.vaccinationsCompleted}`, sql`${t.vaccinationsCancelled}`, status);
  return sql`(select coalesce(sum(${counters}), 0)::int from ${t} where ${t.farmId} = ${farmId})`;
}

/** The flock's name by primary key per row: as a join, the planner hashed every flock of the farm. */
const flockName = sql<string>`(select f.name from ${flocks} as f where f.id = ${sql`${vaccinations}.${sql.identifier(vaccinations.flockId.name)}`})`;

/**
 * The farm's vaccinations, for one flock or all, paged and sorted on the server, built per call
 * (decision 061: prepared, its bench row was slower). The total is the counters' (decision 011)
 * unless searching or windowed by date, which the counters do not know.
 */
export async function listVaccinations(db: Db, farmId: number, query: ListVaccinationsQuery): Promise<Page<Vaccination>> {
  if (query.flock_id) await findFlockRow(db, farmId, query.flock_id);
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(vaccinations.farmId, farmId)];
  if (query.flock_id !== undefined) filters.push(eq(vaccinations.flockId, query.flock_id));
  if (query.status) filters.push(eq(vaccinations.status, query.status));
  if (query.due) filters.push(dueFilter(query.due));
  if (pattern) {
    const text = or(ilike(vaccinations.vaccineName, pattern), ilike(flocks.name, pattern));
    if (text) filters.push(text);
  }
  const order = orderOf(query);
  const now = new Date();
  return listPage(
    db,
    query,
    {
      table: vaccinations,
      // Joined only to search by the flock's name.
      join: pattern ? { table: flocks, on: eq(flocks.id, vaccinations.flockId) } : undefined,
      where: and(...filters),
      order,
      // The counters know statuses, not dates: a search or a due window is counted.
      kept: pattern || query.due ? undefined : keptTotal(farmId, query.flock_id, query.status),
      rows: (inPage, total) => db.select({ row: vaccinations, flockName, ...authorNames(vaccinations), total }).from(vaccinations).where(inPage).orderBy(...order),
    },
    (r) => toVaccination({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.flockName, now),
  );
}

/** The statistics statement for one flock or the whole farm, built once (values as placeholders). */
function statsStatement(db: Db, ofFlock: boolean) {
  return preparedQuery(db, ofFlock ? 'vaccination_stats_flock' : 'vaccination_stats_farm', (name) => {
    const farmId = sql.placeholder('farmId');
    const flockId = sql.placeholder('flockId');
    // One flock's counters, or the farm's rollup of them (a handful of rows, whatever the farm's size).
    const counters = ofFlock
      ? sql`select ${flocks.vaccinationsPending} as p, ${flocks.vaccinationsCompleted} as c, ${flocks.vaccinationsCancelled} as x
            from ${flocks} where ${flocks.farmId} = ${farmId} and ${flocks.id} = ${flockId}`
      : sql`select ${farmFlockTotals.vaccinationsPending} as p, ${farmFlockTotals.vaccinationsCompleted} as c,
            ${farmFlockTotals.vaccinationsCancelled} as x from ${farmFlockTotals} where ${farmFlockTotals.farmId} = ${farmId}`;
    const ofPending = ofFlock
      ? sql`${vaccinations.farmId} = ${farmId} and ${vaccinations.flockId} = ${flockId} and ${vaccinations.status} = 'Pending'`
      : sql`${vaccinations.farmId} = ${farmId} and ${vaccinations.status} = 'Pending'`;
    return db
      .select({
        pending: sqlInteger<number>(sql`counters.pending`),
        completed: sqlInteger<number>(sql`counters.completed`),
        cancelled: sqlInteger<number>(sql`counters.cancelled`),
        overdue: sqlInteger<number>(sql`(select count(*) from ${vaccinations} where ${ofPending} and ${vaccinations.date} < now())`),
        due_soon: sqlInteger<number>(sql`(select count(*) from ${vaccinations} where ${ofPending} and ${vaccinations.date} >= now()
          and ${vaccinations.date} <= now() + make_interval(days => ${VACCINATION_WARNING_DAYS}))`),
      })
      .from(
        sql`(select coalesce(sum(p), 0)::int as pending, coalesce(sum(c), 0)::int as completed, coalesce(sum(x), 0)::int as cancelled
             from (${counters}) as c) as counters`,
      )
      .prepare(name);
  });
}

/**
 * The statistics cards: totals from the flocks' counters, overdue and due-soon
 * from the pending rows only (a partial index), in one round trip.
 */
export async function vaccinationStats(db: Db, farmId: number, flockId?: number): Promise<VaccinationStats> {
  if (flockId) await findFlockRow(db, farmId, flockId);
  const [row] = await statsStatement(db, flockId !== undefined).execute({ farmId, flockId });
  const pending = row?.pending ?? 0;
  const completed = row?.completed ?? 0;
  const cancelled = row?.cancelled ?? 0;
  return {
    scheduled: pending + completed + cancelled,
    pending,
    completed,
    cancelled,
    overdue: row?.overdue ?? 0,
    due_within_7_days: row?.due_soon ?? 0,
  };
}

function parseDate(value: string): Date {
  const date = fromApiDateTime(value);
  if (!date) throw invalid(vaccinationMessages.dateInvalid, { date: vaccinationMessages.dateInvalid });
  return date;
}

export async function createVaccination(db: Db, farmId: number, userId: number, flockId: number, input: CreateVaccinationInput): Promise<Vaccination> {
  const date = parseDate(input.date);
  const now = new Date();
  if (isFutureCompleted(date, input.status, now)) {
    throw invalid(vaccinationMessages.futureMustBePending, { status: vaccinationMessages.futureMustBePending });
  }
  // The flock's counters follow by trigger (migration 0010).
  return db.transaction(async (tx) => {
    const flock = await findFlockRow(tx, farmId, flockId);
    const [inserted] = await tx
      .insert(vaccinations)
      .values({ farmId, flockId, createdBy: userId, updatedBy: userId, vaccineName: input.vaccine_name, date, status: input.status, mode: input.mode_of_administration })
      .returning(returningWithAuthors(vaccinations));
    if (!inserted) throw new Error('insert returned nothing');
    return toVaccination(inserted, flock.name, now);
  });
}

/** One vaccination as the API answers it, for the 409 that shows what it is now (decision 067). */
export async function vaccinationNow(db: DbOrTx, farmId: number, flockId: number, id: number): Promise<Vaccination | undefined> {
  const [r] = await db
    .select({ row: vaccinations, flockName: flocks.name, ...authorNames(vaccinations) })
    .from(vaccinations)
    .innerJoin(flocks, eq(flocks.id, vaccinations.flockId))
    .where(and(eq(vaccinations.farmId, farmId), eq(vaccinations.flockId, flockId), eq(vaccinations.id, id)));
  return r && toVaccination({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.flockName, new Date());
}

/** The flock's vaccination, locked until the transaction that changes it commits. */
async function lockVaccination(tx: DbOrTx, farmId: number, flockId: number, id: number) {
  const [found] = await tx
    .select({ row: vaccinations, flockName: flocks.name })
    .from(vaccinations)
    .innerJoin(flocks, eq(flocks.id, vaccinations.flockId))
    .where(and(eq(vaccinations.farmId, farmId), eq(vaccinations.flockId, flockId), eq(vaccinations.id, id)))
    .limit(1)
    .for('no key update', { of: vaccinations });
  if (!found) throw notFound(vaccinationMessages.notFound);
  return found;
}

/**
 * Pending ↔ Completed (never Completed in the future); Cancelled is final. A new date moves a
 * pending vaccination to a day from the farm's today on (rescheduleProblem). The rules are
 * checked on the row as locked in the transaction that changes it, so two changes at once
 * cannot both pass them.
 */
export async function updateVaccination(
  db: Db,
  scope: FarmScope,
  userId: number,
  flockId: number,
  id: number,
  input: UpdateVaccinationInput,
): Promise<Vaccination> {
  const { farmId } = scope;
  const now = new Date();
  const newDate = input.date === undefined ? undefined : parseDate(input.date);
  return db.transaction(async (tx) => {
    const { row, flockName } = await lockVaccination(tx, farmId, flockId, id);
    if (row.status === 'Cancelled' && input.status !== 'Cancelled') throw new AppError('rule_broken', vaccinationMessages.cancelledIsFinal);
    const moved = newDate !== undefined && newDate.getTime() !== row.date.getTime();
    if (moved) {
      const problem = rescheduleProblem(row.status, input.status, dayIn(newDate, scope.timeZone), dayIn(now, scope.timeZone));
      if (problem) throw invalid(problem, { date: problem });
    }
    if (isFutureCompleted(moved ? newDate : row.date, input.status, now)) {
      throw invalid(vaccinationMessages.futureMustBePending, { status: vaccinationMessages.futureMustBePending });
    }
    const [changed] = await tx
      .update(vaccinations)
      .set({ status: input.status, ...(moved ? { date: newDate } : {}), updatedAt: now, updatedBy: userId })
      .where(and(eq(vaccinations.farmId, farmId), eq(vaccinations.id, row.id)))
      .returning(returningWithAuthors(vaccinations));
    if (!changed) throw notFound(vaccinationMessages.notFound);
    return toVaccination(changed, flockName, now);
  });
}

export async function deleteVaccination(db: Db, farmId: number, flockId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(vaccinations)
    .where(and(eq(vaccinations.farmId, farmId), eq(vaccinations.flockId, flockId), eq(vaccinations.id, id)))
    .returning({ id: vaccinations.id });
  if (deleted.length === 0) throw notFound(vaccinationMessages.notFound);
}

/**
 * The ticked vaccines of the standard schedule, dated from the flock's
 * creation, Pending. An entry already applied to the flock is skipped.
 */
export async function applyStandardSchedule(
  db: Db,
  farmId: number,
  userId: number,
  flockId: number,
  input: ApplyStandardScheduleInput,
  language: Language = 'en',
): Promise<{ created: number; skipped: number }> {
  const flock = await findFlockRow(db, farmId, flockId);
  const names = wordsIn(language, STANDARD_VACCINE_LABELS);
  const values = input.items.flatMap(({ index, mode }) => {
    const entry = STANDARD_SCHEDULE[index];
    if (!entry) return [];
    return [{
      farmId,
      flockId,
      createdBy: userId,
      updatedBy: userId,
      vaccineName: names[entry.vaccine],
      date: standardScheduleDate(flock.createdAt, entry.day),
      status: 'Pending' as const,
      mode,
      scheduleDay: entry.day,
    }];
  });
  const inserted = await db
    .insert(vaccinations)
    .values(values)
    .onConflictDoNothing({ target: [vaccinations.flockId, vaccinations.scheduleDay], where: sql`${vaccinations.scheduleDay} is not null` })
    .returning({ id: vaccinations.id });
  return { created: inserted.length, skipped: values.length - inserted.length };
}


/**
 * The Today block's vaccinations: pending ones dated before `before` (the start of the farm's
 * tomorrow), the oldest first, the first `limit` of them, with how many there are and how many
 * are overdue. Read off the pending index.
 */
export async function dueVaccinations(
  db: Db,
  farmId: number,
  before: SQL,
  limit: number,
): Promise<{ total: number; overdue: number; items: Vaccination[] }> {
  const due = and(eq(vaccinations.farmId, farmId), eq(vaccinations.status, 'Pending'), sql`${vaccinations.date} < ${before}`);
  const [counts] = await db
    .select({ total: sqlInteger<number>(sql`count(*)`), overdue: sqlInteger<number>(sql`count(*) filter (where ${vaccinations.date} < now())`) })
    .from(vaccinations)
    .where(due);
  if (!counts || counts.total === 0) return { total: 0, overdue: 0, items: [] };
  const rows = await db
    .select({ row: vaccinations, flockName: flocks.name, ...authorNames(vaccinations) })
    .from(vaccinations)
    .innerJoin(flocks, eq(flocks.id, vaccinations.flockId))
    .where(due)
    .orderBy(asc(vaccinations.date), asc(vaccinations.id))
    .limit(limit);
  const now = new Date();
  return {
    total: counts.total,
    overdue: counts.overdue,
    items: rows.map((r) => toVaccination({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.flockName, now)),
  };
}
