import {
  averagePerSaleDay,
  birdSaleMessages,
  birdsOfSale,
  isBirdSale,
  centsToShillings,
  EGGS_PER_TRAY,
  flockMessages,
  formatRefNo,
  isSaleDateAllowed,
  lineTotalCents,
  parseDay,
  shiftDay,
  SALE_CATEGORIES,
  SALE_CREDIT_OLD_DAYS,
  saleMessages,
  saleQuantityProblem,
  saleRemarks,
  salesGrowth,
  saleTrendMonths,
  saleUnit,
  type CreateSaleInput,
  type BirdsOfSale,
  type ListSalesQuery,
  type Page,
  type Sale,
  type SaleCategory,
  type SaleKey,
  type SaleSeries,
  type SaleStats,
  type UpdateSaleInput,
} from '@kuku/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { AppError, invalid, notFound } from '../../app-error.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { listPage, searchPattern } from '../../db/list-page.js';
import { preparedQuery } from '../../db/prepared.js';
import { authorNames, returningWithAuthors, toRecordAuthors, type AuthorNames } from '../../db/record-authors.js';
import {
  eggAdjustmentMonths,
  eggProductionMonths,
  farmSaleCounters,
  flocks,
  saleCategoryMonths,
  saleDays,
  saleFlockMonths,
  sales,
} from '../../db/schema/index.js';
import { sqlInteger, toSafeInteger, toSafeNumber } from '../../db/sql-number.js';
import { searchDayAsShown } from '../../db/day-text.js';
import { farmDayOf, farmMonth, type FarmScope } from '../farm-scope.js';
import { birdsSold } from '../flocks/service.js';


type SaleRow = typeof sales.$inferSelect;

function toSale(row: SaleRow & AuthorNames, name: string | null | undefined): Sale {
  return {
    id: row.id,
    ref_no: formatRefNo(row.refNo),
    flock_id: row.flockId,
    flock_name: name ?? saleMessages.unknownFlock,
    category: row.category,
    product: row.product,
    description: row.description,
    quantity: Number(row.quantity),
    unit: row.unit,
    birds: row.birds,
    weight_kg: row.weightKg === null ? null : Number(row.weightKg),
    unit_price: centsToShillings(row.unitPriceCents),
    unit_price_cents: row.unitPriceCents,
    amount: centsToShillings(row.amountCents),
    amount_cents: row.amountCents,
    date: row.date,
    sale_type: row.saleType,
    status: row.status,
    user_id: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...toRecordAuthors(row),
  };
}

/** A day the client sent, read in the farm's zone ('YYYY-MM-DD' or an ISO instant). */
function dayOf(value: string, scope: FarmScope, field: string): string {
  const day = parseDay(value, scope.timeZone);
  if (!day) throw invalid(saleMessages.dateInvalid, { [field]: saleMessages.dateInvalid });
  return day;
}

/** docs/product.md §5: from the first day of the month six months back up to the farm's today. */
export function windowDay(value: string, scope: FarmScope): string {
  const day = dayOf(value, scope, 'date');
  if (!isSaleDateAllowed(day, farmDayOf(scope))) throw invalid(saleMessages.dateOutsideWindow, { date: saleMessages.dateOutsideWindow });
  return day;
}

/** The rules the schema ran on the body, run again on a sale merged with the stored one. */
function checkedQuantity(category: SaleCategory, quantity: number, unit: string): number {
  const problem = saleQuantityProblem(category, quantity, unit);
  if (problem) throw invalid(problem, { quantity: problem });
  return quantity;
}

/** A bird sale's birds and weight (decision 072), checked again on the merged sale; null for a sale of no birds. */
function checkedBirds(sale: Parameters<typeof birdsOfSale>[0]): BirdsOfSale | null {
  const facts = birdsOfSale(sale);
  if (!facts.ok) throw invalid(facts.message, { [facts.field]: facts.message });
  return facts.value;
}

/** quantity × unit price in cents, computed here whatever the client sent. */
export function amountCents(quantity: number, unitPriceCents: number): number {
  const total = lineTotalCents(quantity, unitPriceCents);
  if (!total.ok) throw invalid(saleMessages.amountTooLarge, { amount: saleMessages.amountTooLarge });
  return total.cents;
}

/**
 * The flock a sale is of, in the farm, held with KEY SHARE before the ref counter is locked:
 * a flock being deleted at the same time (its sales cascade and their trigger wants the
 * counter) is waited for instead of deadlocking with this insert's foreign-key check.
 */
async function saleFlock(tx: DbOrTx, farmId: number, flockId: number, lock = true): Promise<{ id: number; name: string }> {
  const query = tx
    .select({ id: flocks.id, name: flocks.name })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId)))
    .limit(1);
  const [flock] = await (lock ? query.for('key share') : query);
  if (!flock) throw new AppError('not_found', flockMessages.notFound, { flock_id: saleMessages.selectFlock });
  return flock;
}

/** A sale among the farm's, by its id or its ref number. */
export const keyOf = (key: SaleKey) => ('id' in key ? eq(sales.id, key.id) : eq(sales.refNo, key.ref));

// ---------------------------------------------------------------- list

/** 'S-000123' as SQL, for the search (formatRefNo: 6 digits at least). */
const refText = sql`'S-' || repeat('0', greatest(0, 6 - length(${sales.refNo}::text))) || ${sales.refNo}::text`;

const saleSorts = {
  date: sales.date,
  ref: sales.refNo,
  product: sales.product,
  flock: flocks.name,
  category: sales.category,
  quantity: sales.quantity,
  amount: sales.amountCents,
  status: sales.status,
} as const;

/**
 * The farm's sales a page at a time, newest first by default, searched by ref, product,
 * buyer description and flock name. The page's ids come off the sort's index (flocks joined
 * only to sort or search by name), then only those rows are read with their flock's name;
 * an unfiltered list's total is the farm's kept count (farm_sale_counters.sales).
 */
export async function listSales(db: Db, scope: FarmScope, query: ListSalesQuery, flockId?: number): Promise<Page<Sale>> {
  // docs/product.md §7 GET /sales/flock/{flockId}: another farm's flock is not found.
  if (flockId !== undefined) await saleFlock(db, scope.farmId, flockId, false);
  const pattern = searchPattern(query.q);
  const filters: SQL[] = [eq(sales.farmId, scope.farmId)];
  if (flockId !== undefined) filters.push(eq(sales.flockId, flockId));
  if (query.flock_id) filters.push(eq(sales.flockId, query.flock_id));
  if (query.status) filters.push(eq(sales.status, query.status));
  if (query.from) filters.push(gte(sales.date, dayOf(query.from, scope, 'from')));
  if (query.to) filters.push(lte(sales.date, dayOf(query.to, scope, 'to')));
  if (pattern) {
    const text = or(
      ilike(refText, pattern),
      ilike(sales.product, pattern),
      ilike(sales.description, pattern),
      ilike(flocks.name, pattern),
      searchDayAsShown(sales.date, query.q, pattern),
    );
    if (text) filters.push(text);
  }
  const direction = query.order === 'desc' ? desc : asc;
  // Unfiltered, the total is the farm's kept count.
  const whole = filters.length === 1;
  const order = [direction(saleSorts[query.sort]), direction(sales.id)];
  return listPage(
    db,
    query,
    {
      table: sales,
      join: pattern || query.sort === 'flock' ? { table: flocks, on: eq(flocks.id, sales.flockId) } : undefined,
      where: and(...filters),
      order,
      kept: whole ? sql`coalesce((select ${farmSaleCounters.sales} from ${farmSaleCounters} where ${farmSaleCounters.farmId} = ${scope.farmId}), 0)` : undefined,
      rows: (inPage, total) =>
        db
          .select({ row: sales, name: flocks.name, ...authorNames(sales), total })
          .from(sales)
          .leftJoin(flocks, eq(flocks.id, sales.flockId))
          .where(inPage)
          .orderBy(...order),
    },
    (r) => toSale({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name),
  );
}

// ---------------------------------------------------------------- writes

/**
 * A new sale: the amount is quantity × unit price computed here, the unit the category's, the
 * date in the six-month window, and the ref the farm's next number, taken from its counter
 * row in the same transaction (the upsert locks the row: two creates never share a number,
 * and a number is never given again, even after its sale is deleted).
 */
export async function createSale(db: Db, scope: FarmScope, userId: number, input: CreateSaleInput): Promise<Sale> {
  const date = windowDay(input.date, scope);
  const unit = saleUnit(input.category, input.unit);
  const quantity = checkedQuantity(input.category, input.quantity, unit);
  const birds = checkedBirds({ ...input, unit, quantity });
  const amount = amountCents(quantity, input.unit_price);
  return db.transaction(async (tx) => {
    const flock = await saleFlock(tx, scope.farmId, input.flock_id);
    return insertSale(tx, scope.farmId, userId, flock, { ...input, date, unit, quantity, amount, birds });
  });
}

/**
 * Every change of a sale takes the farm's sale counter first, the row a new sale's ref is drawn
 * from (insertSale): the statement triggers that keep the rollups (decision 020) then lock their
 * rows after it in every writer, and an edit or a delete never waits on a create that waits on it.
 */
async function lockSaleCounter(tx: DbOrTx, farmId: number): Promise<void> {
  await tx.select({ farmId: farmSaleCounters.farmId }).from(farmSaleCounters).where(eq(farmSaleCounters.farmId, farmId)).for('update');
}

/** A sale checked already, written in the caller's transaction with the farm's next ref; a bird sale's birds leave its flock with it. */
export async function insertSale(
  tx: DbOrTx,
  farmId: number,
  userId: number,
  flock: { id: number; name: string },
  sale: Omit<CreateSaleInput, 'flock_id' | 'birds'> & { unit: string; amount: number; birds: BirdsOfSale | null },
): Promise<Sale> {
  const [counter] = await tx
    .insert(farmSaleCounters)
    .values({ farmId, lastRefNo: 1 })
    .onConflictDoUpdate({ target: farmSaleCounters.farmId, set: { lastRefNo: sql`${farmSaleCounters.lastRefNo} + 1` } })
    .returning({ refNo: farmSaleCounters.lastRefNo });
  if (!counter) throw new Error('the ref counter answered nothing');
  const [row] = await tx
    .insert(sales)
    .values({
      farmId,
      flockId: flock.id,
      createdBy: userId,
      updatedBy: userId,
      refNo: counter.refNo,
      category: sale.category,
      product: sale.product,
      description: sale.description ? sale.description : null,
      quantity: sale.quantity,
      unit: sale.unit,
      birds: sale.birds?.birds ?? null,
      weightKg: sale.birds?.weightKg ?? null,
      unitPriceCents: sale.unit_price,
      amountCents: sale.amount,
      date: sale.date,
      saleType: sale.sale_type,
      status: sale.status,
    })
    .returning(returningWithAuthors(sales));
  if (!row) throw new Error('insert returned nothing');
  // The birds leave the flock with the sale, or neither is saved.
  if (sale.birds) {
    const field = sale.unit === 'Kg' ? 'birds' : 'quantity';
    await birdsSold(tx, farmId, userId, flock.id, -sale.birds.birds, birdSaleMessages.saleNote(formatRefNo(row.refNo)), field);
  }
  return toSale(row, flock.name);
}

/** One sale as the API answers it, for the 409 that shows what it is now (decision 067). */
export async function saleNow(db: DbOrTx, farmId: number, key: SaleKey): Promise<Sale | undefined> {
  const [r] = await db
    .select({ row: sales, name: flocks.name, ...authorNames(sales) })
    .from(sales)
    .leftJoin(flocks, eq(flocks.id, sales.flockId))
    .where(and(eq(sales.farmId, farmId), keyOf(key)));
  return r && toSale({ ...r.row, createdByName: r.createdByName, updatedByName: r.updatedByName }, r.name);
}

async function findSale(db: DbOrTx, farmId: number, key: SaleKey, lock = false) {
  const query = db
    .select({ row: sales, name: flocks.name })
    .from(sales)
    .leftJoin(flocks, eq(flocks.id, sales.flockId))
    .where(and(eq(sales.farmId, farmId), keyOf(key)))
    .limit(1);
  const [found] = await (lock ? query.for('no key update', { of: sales }) : query);
  if (!found) throw notFound(saleMessages.notFound);
  return found;
}

/**
 * Any part of a sale (Mark Paid sends only the status), merged with the stored sale, which is
 * read locked: the merged sale's quantity and amount are checked again, the date window only
 * when the date changes (an old sale can still be marked paid), and the flock may change only
 * to another of the farm's.
 */
export async function updateSale(db: Db, scope: FarmScope, userId: number, key: SaleKey, input: UpdateSaleInput): Promise<{ sale: Sale; flocksMoved: number[] }> {
  return db.transaction(async (tx) => {
    await lockSaleCounter(tx, scope.farmId);
    const { row, name } = await findSale(tx, scope.farmId, key, true);
    const category = input.category ?? row.category;
    // A sale keeps its unit unless a new one is sent or its category fixes another (a bird sale stays by the kilo among bird categories).
    const keepsUnit = category === row.category || (isBirdSale(category) && isBirdSale(row.category));
    const unit = saleUnit(category, input.unit !== undefined ? input.unit : keepsUnit ? row.unit : null);
    const quantity = checkedQuantity(category, input.quantity ?? Number(row.quantity), unit);
    const birds = checkedBirds({
      category,
      unit,
      quantity,
      birds: input.birds !== undefined ? input.birds : row.birds,
      weight_kg: input.weight_kg !== undefined ? input.weight_kg : unit === row.unit && input.quantity === undefined ? row.weightKg : null,
    });
    const unitPriceCents = input.unit_price ?? row.unitPriceCents;
    const changes: Partial<typeof sales.$inferInsert> = {
      category,
      quantity,
      unitPriceCents,
      amountCents: amountCents(quantity, unitPriceCents),
      unit,
      birds: birds?.birds ?? null,
      weightKg: birds?.weightKg ?? null,
      updatedAt: new Date(),
      updatedBy: userId,
    };
    if (input.date !== undefined) {
      const day = dayOf(input.date, scope, 'date');
      if (day !== row.date) changes.date = windowDay(input.date, scope);
    }
    if (input.product !== undefined) changes.product = input.product;
    if (input.description !== undefined) changes.description = input.description ? input.description : null;
    if (input.sale_type !== undefined) changes.saleType = input.sale_type;
    if (input.status !== undefined) changes.status = input.status;
    let flockName = name;
    if (input.flock_id !== undefined && input.flock_id !== row.flockId) {
      const flock = await saleFlock(tx, scope.farmId, input.flock_id);
      changes.flockId = flock.id;
      flockName = flock.name;
    }
    const [changed] = await tx
      .update(sales)
      .set(changes)
      .where(and(eq(sales.farmId, scope.farmId), eq(sales.id, row.id)))
      .returning(returningWithAuthors(sales));
    if (!changed) throw notFound(saleMessages.notFound);
    // The birds the sale took go back to its flock and those it takes now leave theirs, flocks in id order (no deadlock).
    const moves = new Map<number, number>();
    if (row.birds !== null && isBirdSale(row.category)) moves.set(row.flockId, row.birds);
    if (birds) moves.set(changed.flockId, (moves.get(changed.flockId) ?? 0) - birds.birds);
    const note = birdSaleMessages.saleChangedNote(formatRefNo(changed.refNo));
    const field = unit === 'Kg' ? 'birds' : 'quantity';
    const flocksMoved: number[] = [];
    for (const [flockId, delta] of [...moves].sort(([a], [b]) => a - b)) {
      if (delta === 0) continue;
      await birdsSold(tx, scope.farmId, userId, flockId, delta, note, field);
      flocksMoved.push(flockId);
    }
    return { sale: toSale(changed, flockName), flocksMoved };
  });
}

/** Deletes a sale found by id or ref; its ref number is not given again, and a bird sale's birds go back to its flock. */
export async function deleteSale(db: Db, farmId: number, userId: number, key: SaleKey): Promise<{ id: number; ref_no: string; flocksMoved: number[] }> {
  return db.transaction(async (tx) => {
    await lockSaleCounter(tx, farmId);
    const [deleted] = await tx
      .delete(sales)
      .where(and(eq(sales.farmId, farmId), keyOf(key)))
      .returning({ id: sales.id, refNo: sales.refNo, flockId: sales.flockId, category: sales.category, birds: sales.birds });
    if (!deleted) throw notFound(saleMessages.notFound);
    const ref = formatRefNo(deleted.refNo);
    const moved = deleted.birds !== null && isBirdSale(deleted.category);
    if (moved) await birdsSold(tx, farmId, userId, deleted.flockId, deleted.birds ?? 0, birdSaleMessages.saleDeletedNote(ref), 'id');
    return { id: deleted.id, ref_no: ref, flocksMoved: moved ? [deleted.flockId] : [] };
  });
}

// ---------------------------------------------------------------- statistics and charts

const categoryOrder = (category: SaleCategory) => SALE_CATEGORIES.indexOf(category);

/** A json column: parsed by both drivers as they are set up, parsed here if one hands over text. */
function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const p = {
  farmId: sql.placeholder('farmId'),
  start: sql.placeholder('start'),
  next: sql.placeholder('next'),
  lastStart: sql.placeholder('lastStart'),
  oldBefore: sql.placeholder('oldBefore'),
  firstMonth: sql.placeholder('firstMonth'),
};

/**
 * The statistics in one statement and one row: each source is read once, its sums side by
 * side. Built once per database with placeholders (decision 018: building the query cost the
 * server's thread more than the database's answer).
 */
const statsStatement = (db: Db) =>
  preparedQuery(db, 'sales_stats', (name) =>
    db
      .select({
        revenue: sqlInteger<number>(sql`d.revenue`),
        count: sqlInteger<number>(sql`d.count`),
        paid: sqlInteger<number>(sql`d.paid`),
        paidCount: sqlInteger<number>(sql`d.paid_count`),
        days: sqlInteger<number>(sql`d.days`),
        pendingCents: sqlInteger<number>(sql`pe.cents`),
        pendingCount: sqlInteger<number>(sql`pe.count`),
        oldCents: sqlInteger<number>(sql`pe.old_cents`),
        oldCount: sqlInteger<number>(sql`pe.old_count`),
        eggs: sqlInteger<number>(
          sql`(select coalesce(sum(${eggProductionMonths.eggs}), 0) from ${eggProductionMonths} where ${eggProductionMonths.farmId} = ${p.farmId} and ${eggProductionMonths.month} = ${p.start})`,
        ),
        adjusted: sqlInteger<number>(
          sql`(select coalesce(sum(${eggAdjustmentMonths.eggs}), 0) from ${eggAdjustmentMonths} where ${eggAdjustmentMonths.farmId} = ${p.farmId} and ${eggAdjustmentMonths.month} = ${p.start})`,
        ),
        // This month's and last month's categories: at most ten, as [month, category, cents, quantity, sales].
        categories: sql<unknown>`(select coalesce(json_agg(json_build_array(${saleCategoryMonths.month}, ${saleCategoryMonths.category}, ${saleCategoryMonths.amountCents}, ${saleCategoryMonths.quantity}, ${saleCategoryMonths.sales})), '[]'::json)
          from ${saleCategoryMonths} where ${saleCategoryMonths.farmId} = ${p.farmId} and ${saleCategoryMonths.month} in (${p.lastStart}, ${p.start}) and ${saleCategoryMonths.sales} > 0)`,
      })
      .from(
        sql`(select coalesce(sum(${saleDays.amountCents}), 0) as revenue, coalesce(sum(${saleDays.sales}), 0) as count,
              coalesce(sum(${saleDays.paidCents}), 0) as paid, coalesce(sum(${saleDays.paidSales}), 0) as paid_count,
              count(*) filter (where ${saleDays.sales} > 0) as days
            from ${saleDays} where ${saleDays.farmId} = ${p.farmId} and ${saleDays.day} >= ${p.start} and ${saleDays.day} < ${p.next}) as d,
          (select coalesce(sum(${sales.amountCents}), 0) as cents, count(*) as count,
              coalesce(sum(${sales.amountCents}) filter (where ${sales.date} < ${p.oldBefore}), 0) as old_cents,
              count(*) filter (where ${sales.date} < ${p.oldBefore}) as old_count
            from ${sales} where ${sales.farmId} = ${p.farmId} and ${sales.status} = 'pending') as pe`,
      )
      .prepare(name),
  );

/**
 * This month's sales in the farm's time zone against last month's, read from the rollups
 * (migration 0014): a row a day and a row a category of this month, the farm's pending
 * sales off their partial index, and this month's eggs from the egg rollups, for the
 * remarks. One statement (statsStatement), whatever the farm's history.
 */
export async function saleStats(db: Db, scope: FarmScope): Promise<SaleStats> {
  const { today, month, start, next, lastStart } = farmMonth(scope);
  const [t] = await statsStatement(db).execute({ farmId: scope.farmId, start, next, lastStart, oldBefore: shiftDay(today, -SALE_CREDIT_OLD_DAYS) });
  if (!t) throw new Error('the statistics answered no row');
  const rows = fromJson<[string, SaleCategory, unknown, unknown, unknown][]>(t.categories)
    .map(([monthDay, category, amount, quantity, count]) => ({
      month: monthDay,
      category,
      amount: toSafeInteger(amount),
      quantity: toSafeNumber(quantity),
      sales: toSafeInteger(count),
    }))
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  const thisMonth = rows.filter((c) => c.month === start);
  const lastMonth = rows.filter((c) => c.month === lastStart);
  const lastMonthCents = lastMonth.reduce((sum, c) => sum + c.amount, 0);
  const eggCrates = thisMonth.find((c) => c.category === 'Egg Sales')?.quantity ?? 0;
  const remarks = saleRemarks({
    thisMonthCents: t.revenue,
    lastMonthCents,
    salesThisMonth: t.count,
    byCategoryThisMonth: thisMonth.map((c) => ({ category: c.category, amountCents: c.amount })),
    byCategoryLastMonth: lastMonth.map((c) => ({ category: c.category, amountCents: c.amount })),
    oldCreditCents: t.oldCents,
    oldCreditCount: t.oldCount,
    pendingCents: t.pendingCents,
    pendingCount: t.pendingCount,
    eggCratesThisMonth: eggCrates,
    availableEggCrates: (t.eggs - t.adjusted) / EGGS_PER_TRAY,
  });
  return {
    month,
    revenue_cents: t.revenue,
    revenue: centsToShillings(t.revenue),
    sales_count: t.count,
    paid_cents: t.paid,
    paid_count: t.paidCount,
    pending_cents: t.revenue - t.paid,
    pending_count: t.count - t.paidCount,
    sale_days: t.days,
    average_per_sale_day_cents: averagePerSaleDay(t.revenue, t.days),
    last_month_revenue_cents: lastMonthCents,
    sales_growth: salesGrowth(t.revenue, lastMonthCents),
    egg_crates_this_month: eggCrates,
    by_category: thisMonth.map((c) => ({ category: c.category, amount_cents: c.amount, count: c.sales })),
    remarks,
  };
}

/** Series of one flock each, named and ordered by name then id. */
function namedSeries(series: Map<number, number[]>, names: Map<number, string>) {
  return [...series]
    .map(([flockId, amounts]) => ({ flock_id: flockId, flock_name: names.get(flockId) ?? saleMessages.unknownFlock, amounts }))
    .sort((a, b) => (a.flock_name < b.flock_name ? -1 : a.flock_name > b.flock_name ? 1 : a.flock_id - b.flock_id));
}

/** An array column as numbers: node-postgres hands a bigint[] over as text items (sums are cast to bigint: it leaves numeric[] unparsed). */
const numbers = (values: unknown): number[] => (Array.isArray(values) ? values.map(toSafeInteger) : []);

const seriesStatement = (db: Db) =>
  preparedQuery(db, 'sales_series', (name) =>
    db
      .select({
        days: sql<unknown>`d.days`,
        day_amounts: sql<unknown>`d.day_amounts`,
        months: sql<unknown>`c.months`,
        month_amounts: sql<unknown>`c.month_amounts`,
        month_counts: sql<unknown>`c.month_counts`,
        month_flocks: sql<unknown>`m.flocks`,
        flock_months: sql<unknown>`m.months`,
        flock_month_amounts: sql<unknown>`m.amounts`,
        week_flocks: sql<unknown>`w.flocks`,
        weeks: sql<unknown>`w.weeks`,
        flock_week_amounts: sql<unknown>`w.amounts`,
        named_ids: sql<unknown>`n.ids`,
        names: sql<unknown>`n.names`,
      })
      // Days, weeks and months travel as whole numbers counted from the first day (date
      // arithmetic is integer; extract() answers numeric, slower by a third here).
      .from(
        sql`(
          select array_agg(${saleDays.day} - ${p.start}::date) as days, array_agg(${saleDays.amountCents}) as day_amounts from ${saleDays}
          where ${saleDays.farmId} = ${p.farmId} and ${saleDays.day} >= ${p.start} and ${saleDays.day} < ${p.next} and ${saleDays.sales} > 0
        ) as d, (
          select array_agg(month - ${p.firstMonth}::date) as months, array_agg(amount) as month_amounts, array_agg(count) as month_counts
          from (
            select ${saleCategoryMonths.month} as month, sum(${saleCategoryMonths.amountCents})::bigint as amount, sum(${saleCategoryMonths.sales})::bigint as count
            from ${saleCategoryMonths}
            where ${saleCategoryMonths.farmId} = ${p.farmId} and ${saleCategoryMonths.month} >= ${p.firstMonth} and ${saleCategoryMonths.month} < ${p.next}
            group by ${saleCategoryMonths.month}
          ) as x
        ) as c, (
          select array_agg(${saleFlockMonths.flockId}) as flocks, array_agg(${saleFlockMonths.month} - ${p.firstMonth}::date) as months,
            array_agg(${saleFlockMonths.amountCents}) as amounts
          from ${saleFlockMonths} where ${saleFlockMonths.farmId} = ${p.farmId} and ${saleFlockMonths.month} >= ${p.firstMonth}
            and ${saleFlockMonths.month} < ${p.next} and ${saleFlockMonths.sales} > 0
        ) as m, (
          select array_agg(flock_id) as flocks, array_agg(week) as weeks, array_agg(amount) as amounts
          from (
            select ${sales.flockId} as flock_id, (${sales.date} - ${p.start}::date) / 7 + 1 as week, sum(${sales.amountCents})::bigint as amount
            from ${sales} where ${sales.farmId} = ${p.farmId} and ${sales.date} >= ${p.start} and ${sales.date} < ${p.next}
            group by 1, 2
          ) as x
        ) as w, lateral (
          -- A flock that sold this month has this month's flock-month row: m names every flock here.
          select array_agg(${flocks.id}) as ids, array_agg(${flocks.name}) as names from ${flocks}
          where ${flocks.id} = any(m.flocks) and ${flocks.farmId} = ${p.farmId}
        ) as n`,
      )
      .prepare(name),
  );

/**
 * The charts' points in the farm's time zone, in one statement (seriesStatement): this month's
 * days (the daily chart, summed into 7-day weeks) from the day rollup; the 6 months' totals
 * from the category rollup; each flock's months from the flock-month rollup; each flock's
 * weeks of this month from this month's sales rows. Sums are grouped by flock id and the
 * names read for the flocks found (a join before the sums would group by text); every part
 * comes back as a few arrays in one row (hundreds of small rows cost more than the sums).
 */
export async function saleSeries(db: Db, scope: FarmScope): Promise<SaleSeries> {
  const { today, month, start, next } = farmMonth(scope);
  const months = saleTrendMonths(today);
  const firstMonth = `${months[0] ?? month}-01`;
  const [found] = await seriesStatement(db).execute({ farmId: scope.farmId, start, next, firstMonth });
  const row: Record<string, unknown> = found ?? {};
  const texts = (values: unknown): string[] => (Array.isArray(values) ? values.map(String) : []);

  // Days come as offsets from the 1st (0 is the 1st), months as days from the trend's first
  // month; the few dates are written out here rather than with Date per value.
  const dayOfMonth = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
  const dayAmounts = numbers(row.day_amounts);
  const byDay = new Map(numbers(row.days).map((d, i) => [d + 1, dayAmounts[i] ?? 0]));
  const days = Array.from({ length: Number(today.slice(8)) }, (_, i) => ({ day: dayOfMonth(i + 1), amount_cents: byDay.get(i + 1) ?? 0 }));

  const monthDays = Number(shiftDay(next, -1).slice(8));
  const weeks = Array.from({ length: Math.ceil(monthDays / 7) }, (_, i) => {
    let amount = 0;
    for (let d = i * 7 + 1; d <= i * 7 + 7; d++) amount += byDay.get(d) ?? 0;
    return { week: i + 1, start: dayOfMonth(i * 7 + 1), end: dayOfMonth(Math.min(i * 7 + 7, monthDays)), amount_cents: amount };
  });
  const weekCount = weeks.length;

  const firstDay = Date.parse(`${firstMonth}T00:00:00Z`);
  const monthAt = new Map(months.map((m, i) => [Math.round((Date.parse(`${m}-01T00:00:00Z`) - firstDay) / 86_400_000), i]));
  const totals = months.map((m) => ({ month: m, amount_cents: 0, count: 0 }));
  const totalAmounts = numbers(row.month_amounts);
  const totalCounts = numbers(row.month_counts);
  numbers(row.months).forEach((offset, k) => {
    const total = totals[monthAt.get(offset) ?? -1];
    if (total) {
      total.amount_cents = totalAmounts[k] ?? 0;
      total.count = totalCounts[k] ?? 0;
    }
  });

  const byFlockMonth = new Map<number, number[]>();
  const flockMonthAmounts = numbers(row.flock_month_amounts);
  const flockMonths = numbers(row.flock_months);
  numbers(row.month_flocks).forEach((flockId, k) => {
    const i = monthAt.get(flockMonths[k] ?? -1);
    if (i === undefined) return;
    const amounts = byFlockMonth.get(flockId) ?? months.map(() => 0);
    amounts[i] = (amounts[i] ?? 0) + (flockMonthAmounts[k] ?? 0);
    byFlockMonth.set(flockId, amounts);
  });

  const byFlockWeek = new Map<number, number[]>();
  const weekNumbers = numbers(row.weeks);
  const flockWeekAmounts = numbers(row.flock_week_amounts);
  numbers(row.week_flocks).forEach((flockId, k) => {
    const week = weekNumbers[k] ?? 0;
    if (week < 1 || week > weekCount) return;
    const amounts = byFlockWeek.get(flockId) ?? weeks.map(() => 0);
    amounts[week - 1] = (amounts[week - 1] ?? 0) + (flockWeekAmounts[k] ?? 0);
    byFlockWeek.set(flockId, amounts);
  });

  const names = texts(row.names);
  const named = new Map(numbers(row.named_ids).map((id, k) => [id, names[k] ?? saleMessages.unknownFlock]));
  return { days, weeks, months: totals, flocks_by_week: namedSeries(byFlockWeek, named), flocks_by_month: namedSeries(byFlockMonth, named) };
}
