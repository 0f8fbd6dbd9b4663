/**
 * What the farm's texts cost, month by month in the farm's time zone, and the owner's limit on
 * texts a day (decision 076). The sums are SQL over sms_messages (docs/style.md rule 11).
 */
import { centsToShillings, shiftMonth, SMS_USAGE_MONTHS, smsUsageWords, type SmsSettingsResponse, type SmsUsage } from '@kuku/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { farms } from '../../db/schema/index.js';
import { toSafeNumber } from '../../db/sql-number.js';
import { farmMonth, oneRow, type FarmScope } from '../farm-scope.js';

interface UsageRow {
  daily_cap: number | string;
  months: { month: string; texts: number | string; cost_cents: number | string }[];
}

/**
 * The daily limit and the last months that had texts, the newest first. A text counts once the
 * gateway took it (it has the gateway's id); its cost is what the gateway reported.
 */
export async function smsUsage(db: Db, scope: FarmScope, now = new Date()): Promise<SmsUsage> {
  const first = `${shiftMonth(farmMonth(scope, now).month, -(SMS_USAGE_MONTHS - 1))}-01`;
  const row = await oneRow<UsageRow>(
    db,
    sql`select f.sms_daily_cap as daily_cap,
      coalesce((
        select json_agg(m order by m.month desc)
        from (
          select to_char(s.created_at at time zone ${scope.timeZone}, 'YYYY-MM') as month,
                 count(*) filter (where s.provider_message_id is not null) as texts,
                 coalesce(sum(s.cost_cents), 0) as cost_cents
          from sms_messages s
          where s.farm_id = f.id and s.created_at >= (${first}::date)::timestamp at time zone ${scope.timeZone}
          group by 1
        ) m
        where m.texts > 0 or m.cost_cents > 0
      ), '[]'::json) as months
    from farms f where f.id = ${scope.farmId}`,
  );
  return {
    daily_cap: toSafeNumber(row.daily_cap),
    months: row.months.map((m) => {
      const cents = toSafeNumber(m.cost_cents);
      return { month: m.month, texts: toSafeNumber(m.texts), cost_cents: cents, cost: centsToShillings(cents) };
    }),
  };
}

/** The owner's limit on the farm's texts a farm day. */
export async function setSmsDailyCap(db: Db, farmId: number, dailyCap: number): Promise<SmsSettingsResponse> {
  const [row] = await db.update(farms).set({ smsDailyCap: dailyCap }).where(eq(farms.id, farmId)).returning({ dailyCap: farms.smsDailyCap });
  if (!row) throw new Error('farm vanished');
  return { message: smsUsageWords.saved, daily_cap: row.dailyCap };
}
