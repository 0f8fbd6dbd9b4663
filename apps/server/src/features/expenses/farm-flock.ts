/** What the expense and budget services share: the farm's today, a month's first day, and the flock a record is of. */
import { expenseMessages, flockMessages } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../app-error.js';
import type { DbOrTx } from '../../db/client.js';
import { flocks } from '../../db/schema/index.js';
import { farmDayOf, type FarmScope } from '../farm-scope.js';

/** The farm's today, in its time zone: for a record captured offline, the day it was captured. */
export const todayOf = (scope: FarmScope): string => farmDayOf(scope);

/** A budget's month ('YYYY-MM') as the first day the rollups key it by. */
export const monthStart = (month: string) => `${month}-01`;

/**
 * The flock an expense or budget is of, in the farm, held with KEY SHARE before the rollup
 * rows are locked: a flock being deleted at the same time (its expenses cascade and their
 * trigger wants the same rollup rows) is waited for instead of deadlocking.
 */
export async function farmFlock(tx: DbOrTx, farmId: number, flockId: number): Promise<{ id: number; name: string }> {
  const [flock] = await tx
    .select({ id: flocks.id, name: flocks.name })
    .from(flocks)
    .where(and(eq(flocks.farmId, farmId), eq(flocks.id, flockId)))
    .limit(1)
    .for('key share');
  if (!flock) throw new AppError('not_found', flockMessages.notFound, { flock_id: expenseMessages.selectFlock });
  return flock;
}

