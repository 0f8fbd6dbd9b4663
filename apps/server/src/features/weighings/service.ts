import { dayIn, parseDay, weighingAverageKg, weighingDateProblem, weighingMessages as m, weighingProblem, WEIGHING_LIST_SIZE, type CreateWeighingInput, type Weighing } from '@kuku/domain';
import { and, desc, eq } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { flockWeighings, flocks } from '../../db/schema/index.js';
import { farmDayOf, type FarmScope } from '../farm-scope.js';
import { findFlockRow } from '../flocks/service.js';

/** A broiler batch's sample weighings (decision 071). */

type Row = typeof flockWeighings.$inferSelect;

const toWeighing = (row: Row): Weighing => ({
  id: row.id,
  flock_id: row.flockId,
  date: row.date,
  birds: row.birds,
  total_kg: row.totalKg,
  average_kg: weighingAverageKg(row.birds, row.totalKg),
  created_at: row.createdAt.toISOString(),
});

/** A weighing of the farm's flock: the day in the flock's life and not after today, no more birds than it has. */
export async function createWeighing(db: Db, scope: FarmScope, userId: number, flockId: number, input: CreateWeighingInput): Promise<Weighing> {
  const day = parseDay(input.date, scope.timeZone);
  if (day === null) throw invalid(m.dateInvalid, { date: m.dateInvalid });
  return db.transaction(async (tx) => {
    // The flock held while the weighing is checked against its count: a change at once waits.
    const [flock] = await tx.select().from(flocks).where(and(eq(flocks.farmId, scope.farmId), eq(flocks.id, flockId))).limit(1).for('key share');
    if (!flock) throw notFound(m.notFound);
    if (flock.status === 'archived') throw new AppError('rule_broken', m.flockArchived);
    const dateProblem = weighingDateProblem(day, farmDayOf(scope), dayIn(flock.createdAt, scope.timeZone));
    if (dateProblem) throw invalid(dateProblem, { date: dateProblem });
    const problem = weighingProblem(input.birds, input.total_kg, flock.birdCount);
    if (problem) throw invalid(problem.message, { [problem.field]: problem.message });
    const [row] = await tx
      .insert(flockWeighings)
      .values({ farmId: scope.farmId, flockId, date: day, birds: input.birds, totalKg: input.total_kg, createdBy: userId })
      .returning();
    return toWeighing(row!);
  });
}

/** The flock's weighings, the latest first. */
export async function listWeighings(db: Db, farmId: number, flockId: number): Promise<{ items: Weighing[] }> {
  await findFlockRow(db, farmId, flockId);
  const rows = await db
    .select()
    .from(flockWeighings)
    .where(and(eq(flockWeighings.farmId, farmId), eq(flockWeighings.flockId, flockId)))
    .orderBy(desc(flockWeighings.date), desc(flockWeighings.id))
    .limit(WEIGHING_LIST_SIZE);
  return { items: rows.map(toWeighing) };
}

export async function deleteWeighing(db: Db, farmId: number, id: number): Promise<Weighing> {
  const [row] = await db.delete(flockWeighings).where(and(eq(flockWeighings.farmId, farmId), eq(flockWeighings.id, id))).returning();
  if (!row) throw notFound(m.notFound);
  return toWeighing(row);
}
