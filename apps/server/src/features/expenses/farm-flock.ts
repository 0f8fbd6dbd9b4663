/** What the expense and budget services share: the farm's today, a month's first day, and the flock a record is of. */
import { expenseMessages } from '@kuku/domain';
import type { DbOrTx } from '../../db/client.js';
import { farmDayOf, type FarmScope } from '../farm-scope.js';
import { lockRecordFlock } from '../flocks/service.js';

/** The farm's today, in its time zone: for a record captured offline, the day it was captured. */
export const todayOf = (scope: FarmScope): string => farmDayOf(scope);

/** A budget's month ('YYYY-MM') as the first day the rollups key it by. */
export const monthStart = (month: string) => `${month}-01`;

/** The flock an expense or budget is of, in the farm, held with KEY SHARE (lockRecordFlock). */
export const farmFlock = (tx: DbOrTx, farmId: number, flockId: number) => lockRecordFlock(tx, farmId, flockId, expenseMessages.selectFlock);
