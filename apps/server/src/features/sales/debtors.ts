import { centsToShillings, DEBTORS_MAX, saleMessages, type Debtors, type SaleStatusAnswer, type SaleStatusBody } from '@kuku/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { sales } from '../../db/schema/index.js';
import { toSafeInteger } from '../../db/sql-number.js';
import { farmMonth, sqlRows, type FarmScope } from '../farm-scope.js';

interface DebtorRow {
  buyer: string | null;
  sales: unknown;
  owed: unknown;
  since: string;
  days: unknown;
  ids: unknown;
  buyers: unknown;
  total: unknown;
}

/** An int[] column as numbers (node-postgres and PGlite both parse int4[]; text items are decoded too). */
const ids = (values: unknown): number[] => (Array.isArray(values) ? values.map(toSafeInteger) : []);

/**
 * Who owes the farm (decision 055): its pending sales grouped by buyer in SQL, off the partial
 * index of pending sales. The buyer is the description trimmed, compared without case; the
 * spelling shown is the newest sale's; sales without one are the buyer null. The oldest debt
 * first, then the largest; at most DEBTORS_MAX buyers, while `buyers` and the totals (window
 * sums, taken before the limit) count them all. `days` runs from the oldest sale to the farm's today.
 */
export async function listDebtors(db: Db, scope: FarmScope): Promise<Debtors> {
  const { today } = farmMonth(scope);
  const rows = await sqlRows<DebtorRow>(
    db,
    sql`with pending as (
          select ${sales.id} as id, ${sales.amountCents} as amount, ${sales.date} as day,
            nullif(btrim(${sales.description}), '') as buyer
          from ${sales} where ${sales.farmId} = ${scope.farmId} and ${sales.status} = 'pending'
        ), grouped as (
          select lower(buyer) as key,
            (array_agg(buyer order by day desc, id desc))[1] as buyer,
            count(*) as sales, sum(amount) as owed, min(day) as since,
            array_agg(id order by day, id) as ids
          from pending group by lower(buyer)
        )
        select buyer, sales, owed, since::text as since, (${today}::date - since) as days, ids,
          count(*) over () as buyers, sum(owed) over () as total
        from grouped
        order by since, owed desc, key nulls last
        limit ${DEBTORS_MAX}`,
  );
  const first = rows[0];
  const total = first ? toSafeInteger(first.total) : 0;
  return {
    items: rows.map((row) => {
      const owed = toSafeInteger(row.owed);
      return {
        buyer: row.buyer,
        sales: toSafeInteger(row.sales),
        owed_cents: owed,
        owed: centsToShillings(owed),
        since: row.since,
        days: toSafeInteger(row.days),
        sale_ids: ids(row.ids),
      };
    }),
    buyers: first ? toSafeInteger(first.buyers) : 0,
    total_owed_cents: total,
    total_owed: centsToShillings(total),
  };
}

/**
 * The same status for each of these sales, in one transaction (the debtors screen's Mark paid
 * and its Undo): every id must be a sale of the farm, or nothing changes (404). The rows are
 * locked in id order (two such writes never wait on each other crosswise), and only the sales
 * whose status differs are written: `updated` counts them and `amount_cents` sums them. The
 * sales rollups follow in their statement-level trigger, as for a single sale's update.
 */
export async function setSaleStatus(db: Db, scope: FarmScope, userId: number, input: SaleStatusBody): Promise<SaleStatusAnswer & { ids: number[] }> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: sales.id, status: sales.status, amountCents: sales.amountCents })
      .from(sales)
      .where(and(eq(sales.farmId, scope.farmId), inArray(sales.id, input.ids)))
      .orderBy(sales.id)
      .for('no key update');
    if (found.length !== input.ids.length) throw notFound(saleMessages.notFound);
    const changing = found.filter((row) => row.status !== input.status).map((row) => row.id);
    if (changing.length === 0) return { updated: 0, amount_cents: 0, amount: 0, ids: [] };
    const changed = await tx
      .update(sales)
      .set({ status: input.status, updatedAt: new Date(), updatedBy: userId })
      .where(and(eq(sales.farmId, scope.farmId), inArray(sales.id, changing)))
      .returning({ id: sales.id, amountCents: sales.amountCents });
    const cents = changed.reduce((sum, row) => sum + row.amountCents, 0);
    return { updated: changed.length, amount_cents: cents, amount: centsToShillings(cents), ids: changed.map((row) => row.id) };
  });
}
