import { ALERTING_BREEDS, DAILY_NOTIFICATION_HOUR, formatQuantity, instantDayText, OVERDUE_VACCINATION_NOTICE_DAYS, periodNotice, vaccinationNotice, VACCINATION_WARNING_DAYS, type Language } from '@kuku/domain';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { farms, flocks, vaccinations } from '../../db/schema/index.js';
import { flocksBelowGuide, type FlockBelowGuide } from '../economics/weeks.js';
import { sqlRows } from '../farm-scope.js';
import { purgeDeletedFlocks } from '../flocks/bin.js';
import { months, texts, type Notifier } from './notifier.js';
import { purgeRead, storeNotification, type NotificationDraft, type StoredNotification } from './service.js';
import { hourlyJob } from '../hourly-job.js';

/** Farms a turn takes in one transaction: short enough not to hold the embedded database long. */
const FARMS_PER_TURN = 100;
/** One process at a time works through the farms (the claim alone would already keep each farm's day once). */
const LOCK_KEY = sql`hashtext('kuku_daily_notifications')`;

export interface DailyNotifications {
  /** Tells every farm whose 06:00 has come today and was not told yet; answers how many farms. */
  run(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

type FarmFacts = typeof farms.$inferSelect;

function drafts(farm: FarmFacts, due: { id: number; flockId: number; flock: string; vaccine: string; date: Date }[], now: Date): NotificationDraft[] {
  const out: NotificationDraft[] = [];
  const notice = periodNotice(farm, now);
  if (notice) {
    const { kind, endsAt } = notice;
    out.push({
      say: (l) => texts(l)[kind](instantDayText(endsAt, farm.timeZone, months(l))),
      type: notice.kind.endsWith('Ended') ? 'alert' : 'warning',
      kind: 'subscription',
      link: '/billing',
      sourceKey: `${notice.kind}:${notice.endsAt.toISOString()}`,
      audience: 'owners',
    });
  }
  for (const v of due) {
    const kind = vaccinationNotice(v.date, now, farm.timeZone);
    if (!kind) continue;
    const day = (l: Language) => instantDayText(v.date, farm.timeZone, months(l));
    const say = { due: 'vaccinationDue', tomorrow: 'vaccinationTomorrow', overdue: 'vaccinationOverdue' } as const;
    out.push({
      say: (l) => texts(l)[say[kind]](v.vaccine, v.flock, day(l)),
      type: kind === 'overdue' ? 'alert' : 'warning',
      kind: 'vaccinations',
      // A week ahead is for the app and the mail; the day before and overdue are worth a text (decision 076).
      noText: kind === 'due',
      link: `/vaccination/${v.flockId}`,
      sourceKey: `vaccination_${kind}:${v.id}:${v.date.toISOString()}`,
      audience: 'members',
    });
  }
  return out;
}

/** A flock's last full week below its breed guide (decision 073): told once a flock a week, to everyone on the farm. */
function belowGuideDraft({ flockId, flockName, weekStart, below }: FlockBelowGuide): NotificationDraft {
  return {
    say: (l) =>
      below.kind === 'layers'
        ? texts(l).belowGuideLayers(flockName, formatQuantity(below.henDayPercent), formatQuantity(below.guideHenDayPercent), below.week)
        : texts(l).belowGuideBroilers(flockName, formatQuantity(below.averageWeightKg), formatQuantity(below.guideWeightKg), below.day),
    type: 'warning',
    kind: 'flockGuide',
    link: `/bird-management?flock=${flockId}`,
    sourceKey: `below_guide:${flockId}:${weekStart}`,
    audience: 'members',
  };
}

/**
 * The time-driven notifications (docs/design.md §6): vaccinations due within 7 days or overdue, and the
 * trial or paid month ending, told once a farm day from 06:00 farm time, and a flock's last full week
 * below its breed guide, told once a flock a week (decision 073). Every hour a process
 * claims the farms whose day has come by moving their `notification_runs` day forward, in the
 * same transaction that stores what they are told: a crash undoes the claim, and a second
 * process finds nothing left to claim.
 */
export function createDailyNotifications({ db, notifier, log }: { db: Db; notifier: Notifier; log: FastifyBaseLogger }): DailyNotifications {

  async function turn(now: Date): Promise<{ farms: number; stored: StoredNotification[] }> {
    return db.transaction(async (tx) => {
      const [lock] = await sqlRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`);
      if (!lock?.locked) return { farms: 0, stored: [] };
      const at = sql`${now.toISOString()}::timestamptz`;
      const claimed = await sqlRows<{ farm_id: number }>(
        tx,
        sql`insert into notification_runs (farm_id, day)
            select f.id, (${at} at time zone f.time_zone)::date
            from farms f
            left join notification_runs r on r.farm_id = f.id
            where extract(hour from ${at} at time zone f.time_zone) >= ${DAILY_NOTIFICATION_HOUR}
              and (r.day is null or r.day < (${at} at time zone f.time_zone)::date)
            order by f.id
            limit ${FARMS_PER_TURN}
            on conflict (farm_id) do update set day = excluded.day where notification_runs.day < excluded.day
            returning farm_id`,
      );
      const ids = claimed.map((row) => Number(row.farm_id));
      if (ids.length === 0) return { farms: 0, stored: [] };
      const [facts, due] = await Promise.all([
        tx.select().from(farms).where(inArray(farms.id, ids)),
        tx
          .select({ farmId: vaccinations.farmId, id: vaccinations.id, flockId: vaccinations.flockId, flock: flocks.name, vaccine: vaccinations.vaccineName, date: vaccinations.date })
          .from(vaccinations)
          .innerJoin(flocks, eq(flocks.id, vaccinations.flockId))
          .where(
            and(
              inArray(vaccinations.farmId, ids),
              eq(vaccinations.status, 'Pending'),
              gte(vaccinations.date, sql`${at} - make_interval(days => ${OVERDUE_VACCINATION_NOTICE_DAYS})`),
              lte(vaccinations.date, sql`${at} + make_interval(days => ${VACCINATION_WARNING_DAYS})`),
            ),
          )
          .orderBy(vaccinations.date),
      ]);
      const below = await flocksBelowGuide(tx, ids, ALERTING_BREEDS, now);
      const stored: StoredNotification[] = [];
      for (const farm of facts) {
        const told = [...drafts(farm, due.filter((v) => v.farmId === farm.id), now), ...below.filter((b) => b.farmId === farm.id).map(belowGuideDraft)];
        for (const draft of told) stored.push(...(await storeNotification(tx, farm.id, draft, now)));
      }
      return { farms: ids.length, stored };
    });
  }

  async function run(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { farms: told, stored } = await turn(now);
      notifier.deliver(stored);
      total += told;
      if (told < FARMS_PER_TURN) break;
    }
    await purgeRead(db);
    // The hourly job also forgets deleted flocks past their days (decision 052).
    await purgeDeletedFlocks(db);
    return total;
  }

  // Hourly: each farm's 06:00 comes in its own time zone, and a process that was down at 06:00 catches up.
  return { run, ...hourlyJob('0 * * * *', run, log, 'the daily notifications failed') };
}
