import {
  ageGroup,
  currentAgeWeeks,
  FLOCK_HEALTH,
  FLOCK_STATUSES,
  flockMessages,
  mortalityRate,
  type CreateFlockInput,
  type Flock,
  type FlockStats,
  type ListFlocksQuery,
  type Page,
  type UpdateFlockInput,
} from '@kuku/domain';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { flockBirdCountEvents, flocks } from '../../db/schema/index.js';

type FlockRow = typeof flocks.$inferSelect;

export function toFlock(row: FlockRow, now = new Date()): Flock {
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
  };
}

/** The farm's flock by id; another farm's flock is not found, never forbidden. */
export async function findFlockRow(db: DbOrTx, farmId: number, id: number): Promise<FlockRow> {
  const [row] = await db.select().from(flocks).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id))).limit(1);
  if (!row) throw notFound(flockMessages.notFound);
  return row;
}

export async function getFlock(db: Db, farmId: number, id: number): Promise<Flock> {
  return toFlock(await findFlockRow(db, farmId, id));
}

export async function createFlock(db: Db, farmId: number, userId: number, input: CreateFlockInput): Promise<Flock> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(flocks)
      .values({
        farmId,
        createdBy: userId,
        name: input.name,
        breed: input.breed,
        ageAtAddingWeeks: input.age,
        initialBirdCount: input.initial_bird_count,
        birdCount: input.bird_count,
        status: input.status,
      })
      .returning();
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

export async function listFlocks(db: Db, farmId: number, query: ListFlocksQuery): Promise<Page<Flock>> {
  const filters: SQL[] = [eq(flocks.farmId, farmId)];
  if (query.status) filters.push(eq(flocks.status, query.status));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const text = or(ilike(flocks.name, pattern), ilike(flocks.breed, pattern), ilike(flocks.status, pattern));
    if (text) filters.push(text);
  }
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  // The page comes off an index ending in id; a window count would read every row instead.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(flocks)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(flocks.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(flocks).where(where),
  ]);
  const now = new Date();
  return { items: rows.map((r) => toFlock(r, now)), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Totals for the statistics card, in one aggregate query (archived flocks count no birds). */
export async function flockStats(db: Db, farmId: number): Promise<FlockStats> {
  const rows = await db
    .select({
      status: flocks.status,
      flocks: count(),
      birds: sql<number>`coalesce(sum(${flocks.birdCount}), 0)::int`,
      weightedRate: sql<number>`coalesce(sum(${flocks.birdCount}::float8 * ${flocks.deaths} * 100 / nullif(${flocks.initialBirdCount}, 0)), 0)::float8`,
    })
    .from(flocks)
    .where(eq(flocks.farmId, farmId))
    .groupBy(flocks.status);
  const byStatus = Object.fromEntries(FLOCK_STATUSES.map((s) => [s, 0])) as FlockStats['by_status'];
  let totalFlocks = 0;
  let totalBirds = 0;
  let weighted = 0;
  for (const row of rows) {
    byStatus[row.status] = row.flocks;
    totalFlocks += row.flocks;
    if (row.status === 'archived') continue;
    totalBirds += Number(row.birds);
    weighted += Number(row.weightedRate);
  }
  // SPEC §9: the bird-count-weighted average of each flock's mortality rate.
  const rate = totalBirds > 0 ? weighted / totalBirds : 0;
  return { total_flocks: totalFlocks, total_birds: totalBirds, by_status: byStatus, mortality_rate: Number(rate.toFixed(2)) };
}

/** A bird count is changed by an event with its reason; a status is saved as it is. */
export async function updateFlock(db: Db, farmId: number, userId: number, id: number, input: UpdateFlockInput): Promise<Flock> {
  return db.transaction(async (tx) => {
    const row = await findFlockRow(tx, farmId, id);
    const changes: Partial<typeof flocks.$inferInsert> = { updatedAt: new Date() };
    if (input.status !== undefined) changes.status = input.status;
    if (input.bird_count !== undefined && input.bird_count !== row.birdCount) {
      const delta = input.bird_count - row.birdCount;
      const reason = input.reason ?? (delta > 0 ? 'added' : 'correction');
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
    const [updated] = await tx
      .update(flocks)
      .set(changes)
      .where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)))
      .returning();
    if (!updated) throw notFound(flockMessages.notFound);
    return toFlock(updated);
  });
}

/**
 * Without records beyond its start, a flock is deleted. With records it is
 * archived unless the farmer asked for everything to go, which happens in one
 * transaction (the events cascade with it).
 */
export async function deleteFlock(db: Db, farmId: number, id: number, everything: boolean): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    await findFlockRow(tx, farmId, id);
    const [events] = await tx
      .select({ n: count() })
      .from(flockBirdCountEvents)
      .where(and(eq(flockBirdCountEvents.farmId, farmId), eq(flockBirdCountEvents.flockId, id)));
    const hasRecords = (events?.n ?? 0) > 1;
    if (hasRecords && !everything) {
      await tx.update(flocks).set({ status: 'archived', updatedAt: new Date() }).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)));
      return 'archived';
    }
    await tx.delete(flocks).where(and(eq(flocks.farmId, farmId), eq(flocks.id, id)));
    return 'deleted';
  });
}
