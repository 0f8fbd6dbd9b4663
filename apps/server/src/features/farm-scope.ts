import { dayIn, shiftMonth } from '@kuku/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { principalOf } from '../plugins/auth.js';
import { capturedAtOf } from '../plugins/idempotency.js';

/** The farm a request acts for: its id and the time zone its days are counted in. */
export interface FarmScope {
  farmId: number;
  timeZone: string;
  /**
   * When the farmer saved what the request writes, for a record captured offline and sent later
   * (decision 065): "today" in a rule is the farm's day then. Unset: now.
   */
  capturedAt?: Date | undefined;
}

export const scopeOf = (request: FastifyRequest): FarmScope => {
  const { farmId, farm } = principalOf(request);
  return { farmId, timeZone: farm.timeZone, capturedAt: capturedAtOf(request) };
};

/** The farm's day the request's rules judge by: the day the record was captured, or today. */
export const farmDayOf = (scope: FarmScope): string => dayIn(scope.capturedAt ?? new Date(), scope.timeZone);

/** The farm's today, this month 'YYYY-MM', the first day of this month, of the next and of the last, as 'YYYY-MM-DD'. */
export function farmMonth(scope: FarmScope, now = new Date()) {
  const today = dayIn(now, scope.timeZone);
  const month = today.slice(0, 7);
  return { today, month, start: `${month}-01`, next: `${shiftMonth(month, 1)}-01`, lastStart: `${shiftMonth(month, -1)}-01` };
}

/** A raw statement's rows, typed by the caller (both drivers answer `{ rows }`). */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; drizzle's generic driver type does not say so.
  const result: unknown = await db.execute(query);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) {
    throw new Error('The database answered a statement without rows.');
  }
  return result.rows as T[];
}

/** One statement's single row: each column a JSON value built in SQL (one round trip, one plan). */
export async function oneRow<T>(db: Db, query: SQL): Promise<T> {
  return (await sqlRows<T>(db, query))[0]!;
}
