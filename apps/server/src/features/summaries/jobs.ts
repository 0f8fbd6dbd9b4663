import { calendarWords, paths, dayIn, dayTextIn, lastWeekStart, summaryWords, weekEndOf, WEEKLY_SUMMARY_HOUR, type Language, type WeeklyFigures } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../farm-scope.js';
import type { Notifier } from '../notifications/notifier.js';
import { storeNotification, type NotificationDraft, type StoredNotification } from '../notifications/service.js';
import { summaryMail, summaryText } from './mail.js';
import { storeSummary, weekFigures } from './service.js';
import { hourlyJob } from '../hourly-job.js';

/** Farms a turn sums in one transaction: each is a handful of statements. */
const FARMS_PER_TURN = 20;
/** One process at a time makes the summaries (the unique week alone would already keep each once). */
const LOCK_KEY = sql`hashtext('kuku_weekly_summaries')`;

/**
 * The notification that tells of a week's summary `id`: in the app, and by mail and SMS as each owner
 * chose (kind weeklySummary). The mail links to the summary, absolute when the server knows its public address.
 */
export function summaryDraft(figures: WeeklyFigures, id: number, publicUrl: string | undefined, audience: NotificationDraft['audience'], sourceKey: string): NotificationDraft {
  const path = paths.summaries.getHref(id);
  const day = (language: Language, d: string) => dayTextIn(d, wordsIn(language, calendarWords).shortMonths);
  return {
    say: (l) => {
      const w = wordsIn(l, summaryWords);
      return { title: w.noticeTitle, message: w.noticeMessage(day(l, figures.week_start), day(l, figures.week_end)) };
    },
    type: 'info',
    kind: 'weeklySummary',
    mail: (l) => summaryMail(figures, l, `${publicUrl ?? ''}${path}`),
    sms: (l) => summaryText(figures, l),
    link: path,
    sourceKey,
    audience,
  };
}

export interface WeeklySummaries {
  /** Makes last week's summary of every farm whose Monday 07:00 has come and tells its owners; answers how many farms. */
  run(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The Monday summaries (decision 078). Every hour a process takes the advisory lock and, in one
 * transaction, makes last week's summary of the farms whose Monday 07:00 has come (or a later day
 * of the week: a process down on Monday catches up) and that have no whole one of that week yet.
 * The insert of the week's row is the claim: the unique (farm, week) lets a second process find
 * it made, and the owners' notification is stored in the same transaction, so a crash undoes both.
 */
export function createWeeklySummaries({ db, notifier, log, publicUrl }: { db: Db; notifier: Notifier; log: FastifyBaseLogger; publicUrl: string | undefined }): WeeklySummaries {

  async function turn(now: Date): Promise<{ farms: number; stored: StoredNotification[] }> {
    return db.transaction(async (tx) => {
      const [lock] = await sqlRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`);
      if (!lock?.locked) return { farms: 0, stored: [] };
      const at = sql`${now.toISOString()}::timestamptz`;
      // The farm's local now, and the Monday of last week on its calendar.
      const local = sql`(${at} at time zone f.time_zone)`;
      const due = await sqlRows<{ id: number; name: string; time_zone: string }>(
        tx,
        sql`select f.id, f.name, f.time_zone from farms f
            where (extract(isodow from ${local}) > 1 or extract(hour from ${local}) >= ${WEEKLY_SUMMARY_HOUR})
              -- A farm made after last week ended has no week to sum yet.
              and f.created_at < ((date_trunc('week', ${local})::date)::timestamp at time zone f.time_zone)
              and not exists (select 1 from weekly_summaries s
                              where s.farm_id = f.id and s.week_start = date_trunc('week', ${local})::date - 7 and not s.partial)
            order by f.id
            limit ${FARMS_PER_TURN}`,
      );
      const stored: StoredNotification[] = [];
      for (const farm of due) {
        const today = dayIn(now, farm.time_zone);
        const weekStart = lastWeekStart(today);
        const figures = await weekFigures(tx, { id: Number(farm.id), name: farm.name, timeZone: farm.time_zone }, weekStart, weekEndOf(weekStart), now);
        const row = await storeSummary(tx, Number(farm.id), figures, false, now);
        if (!row) continue;
        stored.push(...(await storeNotification(tx, row.farmId, summaryDraft(figures, row.id, publicUrl, 'owners', `weekly_summary:${weekStart}`))));
      }
      return { farms: due.length, stored };
    });
  }

  async function run(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const { farms: made, stored } = await turn(now);
      notifier.deliver(stored);
      total += made;
      if (made < FARMS_PER_TURN) break;
    }
    return total;
  }

  // Hourly: each farm's Monday 07:00 comes in its own time zone, and a process that was down catches up.
  return { run, ...hourlyJob('5 * * * *', run, log, 'the weekly summaries failed') };
}
