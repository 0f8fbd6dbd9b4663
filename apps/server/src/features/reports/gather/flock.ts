/**
 * The flock report (decision 031): the birds of each flock over the range (at its start, what
 * came and went by reason, at its end), mortality, and the vaccinations dated in the range,
 * done and still due. The summary is one statement: a row a flock, built in SQL from the
 * flocks, the range's bird-count events and its vaccinations (both a handful a flock a
 * month), so a 10-year farm costs what its flocks and events cost, not its egg records.
 *
 * Birds at the end of the range are each flock's kept count less the changes after the range,
 * and at its start that less the range's changes, so every row adds up (start + changes = end)
 * whatever day the range ends on, and a range ending today shows today's counts. Flock status
 * has no history: "archived" is the flock's status now, and the summary's bird count leaves
 * archived flocks out as the dashboard's Total Birds does.
 *
 * A detailed report lists the flock's history in date order: every bird-count change and every
 * vaccination of the range in one list, so a reader sees deaths, sales and treatments as
 * they happened, flock by flock, without matching two lists by date.
 */
import {
  BIRD_COUNT_REASON_TOTALS,
  BIRD_COUNT_REASONS,
  type BirdCountReason,
  BREED_LABELS,
  currentAgeWeeks,
  dayIn,
  ECONOMICS_RANGE_MAX_DAYS,
  formatCount,
  FLOCK_STATUS_LABELS,
  type FlockStatus,
  mortalityRate,
  shiftDay,
  VACCINATION_MODE_LABELS,
  VACCINATION_STATUS_LABELS,
  type VaccinationStatus,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { flockBirdCountEvents, flocks, vaccinations } from '../../../db/schema/index.js';
import { toSafeInteger } from '../../../db/sql-number.js';
import { economicsOfFarm } from '../../economics/service.js';
import { oneRow, sqlRows } from '../../farm-scope.js';
import type { Cell, GatheredReport, ReportChart, ReportColumn, ReportGatherer, ReportRequestContext, ReportTable } from '../document.js';
import type { ReportLanguage } from '../report-language.js';
import { documentHead, languageOfReport, pagedRows } from './common.js';

/** The words of a flock report in its language (decision 068). */
function flockWords(language: ReportLanguage) {
  const statuses = wordsIn(language.language, FLOCK_STATUS_LABELS) as Record<string, string | undefined>;
  const vaccinationStatuses = wordsIn(language.language, VACCINATION_STATUS_LABELS) as Record<string, string | undefined>;
  const modes = wordsIn(language.language, VACCINATION_MODE_LABELS) as Record<string, string | undefined>;
  const breeds = wordsIn(language.language, BREED_LABELS) as Record<string, string | undefined>;
  return {
    w: language.words.flock,
    d: language.words.document,
    reasons: wordsIn(language.language, BIRD_COUNT_REASON_TOTALS),
    /** As the domain's flockStatusLabel, in the language. */
    status: (status: FlockStatus) => statuses[status] ?? status.charAt(0).toUpperCase() + status.slice(1),
    /** A vaccination's stored status and mode as the screens show them (the English labels are the stored words). */
    vaccinationStatus: (status: string | null) => (status !== null && Object.hasOwn(vaccinationStatuses, status) ? (vaccinationStatuses[status] ?? status) : status),
    breed: (breed: string) => (Object.hasOwn(breeds, breed) ? (breeds[breed] ?? breed) : breed),
    mode: (mode: string | null) => (mode !== null && Object.hasOwn(modes, mode) ? (modes[mode] ?? mode) : mode),
  };
}
type FlockWords = ReturnType<typeof flockWords>;

/**
 * The reason a change is counted under: birds that came (added, up) or left (mortality, sold,
 * culled, down) as their reason says; anything else (a correction, or a change entered against
 * its reason's direction) is a correction. The flock's `deaths` counter counts mortality the
 * same way (decreases only), so the rates agree with the flock screen. A sale edited or deleted
 * gives its birds back as 'sold' (decision 072): birds sold are counted net.
 */
const changeKind = sql.raw(`case
  when e.reason = 'added' and e.delta > 0 then 'added'
  when e.reason = 'sold' then 'sold'
  when e.reason in ('mortality', 'culled') and e.delta < 0 then e.reason
  else 'correction' end`);

/** The range's bounds as instants of the farm's zone: [t0, t1). */
function bounds(request: ReportRequestContext) {
  const tz = request.scope.timeZone;
  return {
    t0: sql`(${request.start}::date::timestamp at time zone ${tz})`,
    t1: sql`((${request.end}::date + 1)::timestamp at time zone ${tz})`,
  };
}

async function hasData(db: Db, request: ReportRequestContext): Promise<boolean> {
  const { t0, t1 } = bounds(request);
  const farmId = request.scope.farmId;
  // A farm with a flock by the range's end has a flock report (its birds); every bird-count
  // event belongs to such a flock. A vaccination may be dated before its flock was added.
  const row = await oneRow<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${flocks} where farm_id = ${farmId} and created_at < ${t1})
      or exists (select 1 from ${vaccinations} where farm_id = ${farmId} and date >= ${t0} and date < ${t1}) as found`,
  );
  return row.found === true;
}

type FlockRow = [
  id: number,
  name: string,
  breed: string,
  status: FlockStatus,
  ageAtAddingWeeks: number,
  createdAt: string,
  birdsStart: number,
  added: number,
  deaths: number,
  sold: number,
  culled: number,
  corrections: number,
  birdsEnd: number,
  done: number,
  pending: number,
];

interface SummaryRow {
  flocks: FlockRow[] | null;
  /** flocks, birds at end (not archived), birds at start, added, deaths, sold, culled, corrections, birds at end (all), done, pending, overdue, cancelled */
  totals: number[];
  /** [kind, changes, birds] */
  reasons: [BirdCountReason, number, number][] | null;
  /** [vaccine, flocks, done, pending, overdue, cancelled] */
  vaccines: [string, number, number, number, number, number][] | null;
  /** [period 'YYYY-MM' or 'YYYY', done, pending] */
  periods: [string, number, number][] | null;
  period_end: string;
}

/** Months of the range, or its years past two years of months, for the vaccination chart. */
function vaccinationPeriods(start: string, end: string, language: ReportLanguage): { unit: 'month' | 'year'; keys: string[]; labels: string[] } {
  const [startYear, startMonth] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [endYear, endMonth] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  const months = (endYear - startYear) * 12 + (endMonth - startMonth) + 1;
  if (months <= 24) {
    const keys: string[] = [];
    const labels: string[] = [];
    for (let i = 0; i < months; i++) {
      const year = startYear + Math.floor((startMonth - 1 + i) / 12);
      const month = ((startMonth - 1 + i) % 12) + 1;
      keys.push(`${year}-${String(month).padStart(2, '0')}`);
      labels.push(language.shortMonth(keys[keys.length - 1]!));
    }
    return { unit: 'month', keys, labels };
  }
  const years = Array.from({ length: endYear - startYear + 1 }, (_, i) => String(startYear + i));
  return { unit: 'year', keys: years, labels: years };
}

async function summaryRow(db: Db, request: ReportRequestContext, unit: 'month' | 'year'): Promise<SummaryRow> {
  const { t0, t1 } = bounds(request);
  const farmId = request.scope.farmId;
  const tz = request.scope.timeZone;
  const now = sql`${request.now.toISOString()}::timestamptz`;
  const periodFormat = unit === 'month' ? 'YYYY-MM' : 'YYYY';
  return oneRow<SummaryRow>(
    db,
    sql`with
      ev as (
        select e.flock_id, e.created_at, e.delta, ${changeKind} as kind
        from ${flockBirdCountEvents} e where e.farm_id = ${farmId} and e.created_at >= ${t0}
      ),
      ev_flock as (
        select flock_id,
          coalesce(sum(delta) filter (where created_at >= ${t1}), 0) as after_end,
          coalesce(sum(delta) filter (where created_at < ${t1}), 0) as net,
          coalesce(sum(delta) filter (where created_at < ${t1} and kind = 'added'), 0) as added,
          coalesce(-sum(delta) filter (where created_at < ${t1} and kind = 'mortality'), 0) as deaths,
          coalesce(-sum(delta) filter (where created_at < ${t1} and kind = 'sold'), 0) as sold,
          coalesce(-sum(delta) filter (where created_at < ${t1} and kind = 'culled'), 0) as culled,
          coalesce(sum(delta) filter (where created_at < ${t1} and kind = 'correction'), 0) as corrections
        from ev group by flock_id
      ),
      vac as (
        select v.flock_id, v.vaccine_name, v.status, v.date from ${vaccinations} v
        where v.farm_id = ${farmId} and v.date >= ${t0} and v.date < ${t1}
      ),
      vac_flock as (
        select flock_id, count(*) filter (where status = 'Completed') as done, count(*) filter (where status = 'Pending') as pending
        from vac group by flock_id
      ),
      rows as (
        select f.id, f.name, f.breed, f.status, f.age_at_adding_weeks, f.created_at,
          f.bird_count - coalesce(ef.after_end, 0) - coalesce(ef.net, 0) as birds_start,
          coalesce(ef.added, 0) as added, coalesce(ef.deaths, 0) as deaths, coalesce(ef.sold, 0) as sold,
          coalesce(ef.culled, 0) as culled, coalesce(ef.corrections, 0) as corrections,
          f.bird_count - coalesce(ef.after_end, 0) as birds_end,
          coalesce(vf.done, 0) as done, coalesce(vf.pending, 0) as pending
        from ${flocks} f
          left join ev_flock ef on ef.flock_id = f.id
          left join vac_flock vf on vf.flock_id = f.id
        where f.farm_id = ${farmId} and (f.created_at < ${t1} or vf.flock_id is not null)
      )
    select
      (select json_agg(json_build_array(id, name, breed, status, age_at_adding_weeks, created_at, birds_start, added, deaths, sold,
                                        culled, corrections, birds_end, done, pending) order by name, id) from rows) as flocks,
      (select json_build_array(count(*),
          coalesce(sum(birds_end) filter (where status <> 'archived'), 0), coalesce(sum(birds_start), 0), coalesce(sum(added), 0),
          coalesce(sum(deaths), 0), coalesce(sum(sold), 0), coalesce(sum(culled), 0), coalesce(sum(corrections), 0),
          coalesce(sum(birds_end), 0),
          (select count(*) from vac where status = 'Completed'), (select count(*) from vac where status = 'Pending'),
          (select count(*) from vac where status = 'Pending' and date < ${now}), (select count(*) from vac where status = 'Cancelled'))
        from rows) as totals,
      (select json_agg(json_build_array(kind, changes, birds)) from (
         select kind, count(*) as changes, sum(delta) as birds from ev where created_at < ${t1} group by kind) k) as reasons,
      (select json_agg(json_build_array(vaccine_name, flocks, done, pending, overdue, cancelled) order by vaccine_name) from (
         select vaccine_name, count(distinct flock_id) as flocks,
           count(*) filter (where status = 'Completed') as done, count(*) filter (where status = 'Pending') as pending,
           count(*) filter (where status = 'Pending' and date < ${now}) as overdue, count(*) filter (where status = 'Cancelled') as cancelled
         from vac group by vaccine_name) n) as vaccines,
      (select json_agg(json_build_array(period, done, pending)) from (
         select to_char(date at time zone ${tz}, ${periodFormat}) as period,
           count(*) filter (where status = 'Completed') as done, count(*) filter (where status = 'Pending') as pending
         from vac group by 1) p) as periods,
      to_json(${t1}) as period_end`,
  );
}

const n = (value: unknown) => toSafeInteger(value ?? 0);

const flockColumns = ({ w, d }: FlockWords): ReportColumn[] => [
  { label: d.flock, kind: 'text' },
  { label: w.breed, kind: 'text' },
  { label: w.status, kind: 'text' },
  { label: w.ageWeeks, kind: 'count' },
  { label: w.birdsAtStart, kind: 'count' },
  { label: w.added, kind: 'count' },
  { label: w.deaths, kind: 'count' },
  { label: w.sold, kind: 'count' },
  { label: w.culled, kind: 'count' },
  { label: w.corrections, kind: 'count' },
  { label: w.birdsAtEnd, kind: 'count' },
  { label: w.mortalityRate, kind: 'percent' },
  { label: w.vaccinationsDone, kind: 'count' },
  { label: w.vaccinationsPending, kind: 'count' },
];

/** Deaths over the birds the range started with and those added in it, in percent, 2 decimals. */
function periodMortality(deaths: number, birdsStart: number, added: number): number {
  return Number(mortalityRate(deaths, birdsStart + added).toFixed(2));
}

/** "Records in the range" as a detailed report lists them: bird-count changes and vaccinations in one list. */
const recordColumns = ({ w, d }: FlockWords): ReportColumn[] => [
  { label: d.date, kind: 'day' },
  { label: d.flock, kind: 'text' },
  { label: w.record, kind: 'text' },
  { label: w.changeInBirds, kind: 'count' },
  { label: w.birdsAfter, kind: 'count' },
  { label: w.details, kind: 'text' },
];

/** A page's last key: the record's instant (to the microsecond, as text), its list (0 events, 1 vaccinations) and id. */
type RecordKey = [at: string, list: number, id: number];

interface RecordRow {
  at: string;
  list: number;
  id: number;
  day: string;
  flock: string | null;
  reason: BirdCountReason | null;
  delta: number | string | null;
  count_after: number | string | null;
  note: string | null;
  vaccine: string | null;
  mode: string | null;
  status: VaccinationStatus | null;
}

function recordPages(db: Db, request: ReportRequestContext, words: FlockWords) {
  const { w, reasons } = words;
  const { t0, t1 } = bounds(request);
  const farmId = request.scope.farmId;
  const tz = request.scope.timeZone;
  const atText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
  return pagedRows<RecordKey>(async (after, limit) => {
    const eventsAfter = after ? sql`and (e.created_at, 0, e.id) > (${after[0]}::timestamptz, ${after[1]}, ${after[2]})` : sql``;
    const vaccinationsAfter = after ? sql`and (v.date, 1, v.id) > (${after[0]}::timestamptz, ${after[1]}, ${after[2]})` : sql``;
    const rows = await sqlRows<RecordRow>(db, sql`
      select u.*, to_char(u.at_ts at time zone ${tz}, 'YYYY-MM-DD') as day,
        (select f.name from ${flocks} f where f.id = u.flock_id) as flock
      from (
        (select ${atText('e.created_at')} as at, e.created_at as at_ts, 0 as list, e.id, e.flock_id, e.reason, e.delta, e.count_after, e.note,
            null::text as vaccine, null::text as mode, null::text as status
          from ${flockBirdCountEvents} e
          where e.farm_id = ${farmId} and e.created_at >= ${t0} and e.created_at < ${t1} ${eventsAfter}
          order by e.created_at, e.id limit ${limit})
        union all
        (select ${atText('v.date')}, v.date, 1, v.id, v.flock_id, null, null, null, null, v.vaccine_name, v.mode_of_administration, v.status
          from ${vaccinations} v
          where v.farm_id = ${farmId} and v.date >= ${t0} and v.date < ${t1} ${vaccinationsAfter}
          order by v.date, v.id limit ${limit})
      ) u
      order by u.at_ts, u.list, u.id limit ${limit}`);
    const cells: Cell[][] = rows.map((r) =>
      r.list === 0
        ? [r.day, r.flock, reasons[r.reason ?? 'correction'], n(r.delta), n(r.count_after), r.note]
        : [r.day, r.flock, w.vaccination, null, null, w.vaccinationDetails(r.vaccine, words.mode(r.mode), words.vaccinationStatus(r.status))],
    );
    const last = rows.at(-1);
    return { rows: cells, last: last ? [last.at, Number(last.list), Number(last.id)] : null };
  });
}

/**
 * The 'Feed and cost' tables (decision 071): the farm's economics over the report's range, read
 * once by the economics service, a row a flock it lists (a flock on the farm in the range; an
 * archived one where it has records in it), laying flocks and broiler batches in their own
 * tables, each only when it has rows. A figure whose records are missing is null: the PDF
 * shows '—', the CSV an empty cell. The service sums at most ECONOMICS_RANGE_MAX_DAYS days up
 * to today: a longer range is summed over its last days and says so; a range wholly after
 * today has nothing to sum.
 */
async function feedAndCostTables(db: Db, request: ReportRequestContext, words: FlockWords): Promise<ReportTable[]> {
  const { w, d } = words;
  const today = dayIn(new Date(), request.scope.timeZone);
  const end = request.end < today ? request.end : today;
  if (request.start > end) return [];
  const earliest = shiftDay(end, -(ECONOMICS_RANGE_MAX_DAYS - 1));
  const start = request.start < earliest ? earliest : request.start;
  const farm = await economicsOfFarm(db, request.scope, { start_date: start, end_date: end });
  const capped = start !== request.start ? w.feedAndCostFrom(languageOfReport(request).day(start), formatCount(ECONOMICS_RANGE_MAX_DAYS)) : null;
  const noteOf = (note: string) => (capped ? `${note} ${capped}` : note);
  const flocksOf = (kind: 'layers' | 'broilers') =>
    farm.flocks.filter((f) => f.kind === kind).sort((a, b) => (a.flock_name < b.flock_name ? -1 : a.flock_name > b.flock_name ? 1 : a.flock_id - b.flock_id));
  const feedKg = (kg: number | null | undefined) => (kg === null || kg === undefined ? null : Math.round(kg * 100) / 100);
  // Money is in every answer a report reads: reports are read by the roles that see money.
  const cents = (value: number | null | undefined) => value ?? null;

  const tables: ReportTable[] = [];
  const layers = flocksOf('layers');
  if (layers.length > 0) {
    tables.push({
      title: w.feedAndCostLayers,
      columns: [
        { label: d.flock, kind: 'text' },
        { label: w.henDay, kind: 'percent' },
        { label: w.feedPerBirdDayGrams, kind: 'count' },
        { label: w.feedPerTrayKg, kind: 'decimal' },
        { label: w.costPerTray, kind: 'kes' },
        { label: w.pricePerTray, kind: 'kes' },
        { label: w.marginPerTray, kind: 'kes' },
        { label: w.feedGivenKg, kind: 'decimal' },
        { label: w.feedCost, kind: 'kes' },
      ],
      rows: layers.map((f) => [
        f.flock_name,
        f.layers?.hen_day_percent ?? null,
        f.layers?.feed_per_bird_day_grams ?? null,
        f.layers?.feed_per_tray_kg ?? null,
        cents(f.layers?.cost_per_tray_cents),
        cents(f.layers?.price_per_tray_cents),
        cents(f.layers?.margin_per_tray_cents),
        f.feed_records > 0 ? feedKg(f.feed_kg) : null,
        f.feed_records > 0 ? cents(f.feed_cost_cents) : null,
      ]),
      note: noteOf(w.feedAndCostLayersNote),
    });
  }
  const broilers = flocksOf('broilers');
  if (broilers.length > 0) {
    tables.push({
      title: w.feedAndCostBroilers,
      columns: [
        { label: d.flock, kind: 'text' },
        { label: w.feedConversion, kind: 'decimal' },
        { label: w.averageWeightKg, kind: 'decimal' },
        { label: w.costPerKg, kind: 'kes' },
        { label: w.revenuePerKg, kind: 'kes' },
        { label: w.feedGivenKg, kind: 'decimal' },
        { label: w.feedCost, kind: 'kes' },
        { label: w.profit, kind: 'kes' },
      ],
      rows: broilers.map((f) => [
        f.flock_name,
        f.broilers?.feed_conversion_ratio ?? null,
        f.broilers?.average_weight_kg ?? null,
        cents(f.broilers?.cost_per_kg_cents),
        cents(f.broilers?.revenue_per_kg_cents),
        f.feed_records > 0 ? feedKg(f.feed_kg) : null,
        f.feed_records > 0 ? cents(f.feed_cost_cents) : null,
        cents(f.broilers?.profit_cents),
      ]),
      note: noteOf(w.feedAndCostBroilersNote),
    });
  }
  return tables;
}

async function gather(db: Db, request: ReportRequestContext): Promise<GatheredReport> {
  const language = languageOfReport(request);
  const words = flockWords(language);
  const { w, d, reasons } = words;
  const periods = vaccinationPeriods(request.start, request.end, language);
  const row = await summaryRow(db, request, periods.unit);
  const document = documentHead(request);

  const t = row.totals.map(n);
  const [flockCount, birdsEnd, birdsStart, added, deaths, sold, culled, corrections, birdsEndAll, done, pending, overdue, cancelled] = t as [
    number, number, number, number, number, number, number, number, number, number, number, number, number,
  ];
  document.summary = [
    { label: w.flocks, value: flockCount, kind: 'count' },
    { label: w.birdsAtEndOfPeriod, value: birdsEnd, kind: 'count' },
    { label: w.birdsAdded, value: added, kind: 'count' },
    { label: w.deaths, value: deaths, kind: 'count' },
    { label: w.birdsSold, value: sold, kind: 'count' },
    { label: w.birdsCulled, value: culled, kind: 'count' },
    { label: w.mortalityRate, value: periodMortality(deaths, birdsStart, added), kind: 'percent' },
    { label: w.vaccinationsDone, value: done, kind: 'count' },
    { label: w.vaccinationsDue, value: pending, kind: 'count' },
    { label: w.vaccinationsOverdue, value: overdue, kind: 'count' },
  ];

  // Age at the range's end, or today's while the range runs on.
  const periodEnd = new Date(row.period_end);
  const ageAt = periodEnd.getTime() < request.now.getTime() ? periodEnd : request.now;
  const flockRows: Cell[][] = (row.flocks ?? []).map(
    ([, name, breed, status, ageAtAdding, createdAt, start, add, died, sell, cull, correct, end, vDone, vPending]) => [
      name,
      words.breed(breed),
      words.status(status),
      currentAgeWeeks(ageAtAdding, new Date(createdAt), ageAt),
      n(start),
      n(add),
      n(died),
      n(sell),
      n(cull),
      n(correct),
      n(end),
      periodMortality(n(died), n(start), n(add)),
      n(vDone),
      n(vPending),
    ],
  );
  const flockTable: ReportTable = {
    title: w.flocks,
    columns: flockColumns(words),
    rows: flockRows,
    totals: [d.total, null, null, null, birdsStart, added, deaths, sold, culled, corrections, birdsEndAll, periodMortality(deaths, birdsStart, added), done, pending],
    note: w.flocksNote,
  };
  if (flockRows.length === 0) flockTable.note = w.noFlocks;

  const byKind = new Map((row.reasons ?? []).map(([kind, changes, birds]) => [kind, { changes: n(changes), birds: n(birds) }]));
  const reasonTable: ReportTable = {
    title: w.changesByReason,
    columns: [
      { label: w.reason, kind: 'text' },
      { label: w.changesRecorded, kind: 'count' },
      { label: w.birds, kind: 'count' },
    ],
    rows: BIRD_COUNT_REASONS.map((kind) => {
      const found = byKind.get(kind) ?? { changes: 0, birds: 0 };
      // Birds that came or went as a positive number; corrections keep their sign.
      // (0 − n, not −n: none read '−0'.)
      const birds = kind === 'mortality' || kind === 'sold' || kind === 'culled' ? 0 - found.birds : found.birds;
      return [reasons[kind], found.changes, birds];
    }),
    note: w.reasonNote,
  };

  const vaccineTable: ReportTable = {
    title: w.vaccinationsInPeriod,
    columns: [
      { label: w.vaccine, kind: 'text' },
      { label: w.flocks, kind: 'count' },
      { label: w.done, kind: 'count' },
      { label: w.pending, kind: 'count' },
      { label: w.overdue, kind: 'count' },
      { label: w.cancelled, kind: 'count' },
    ],
    rows: (row.vaccines ?? []).map(([name, flockN, vDone, vPending, vOverdue, vCancelled]) => [name, n(flockN), n(vDone), n(vPending), n(vOverdue), n(vCancelled)]),
    totals: [d.total, null, done, pending, overdue, cancelled],
    note: w.vaccinationsNote,
  };
  if (vaccineTable.rows.length === 0) vaccineTable.note = w.noVaccinations;
  // After the tables a reader has always found first (the CSV is the first, the flocks').
  document.tables = [flockTable, reasonTable, vaccineTable, ...(await feedAndCostTables(db, request, words))];

  const charts: ReportChart[] = [];
  if (byKind.size > 0) {
    charts.push({
      title: w.changesByReason,
      kind: 'bar',
      categories: reasonTable.rows.map((r) => String(r[0])),
      series: [{ name: w.birds, values: reasonTable.rows.map((r) => Number(r[2])) }],
      unit: 'count',
    });
  }
  if (done + pending > 0) {
    const byPeriod = new Map((row.periods ?? []).map(([key, d, p]) => [key, [n(d), n(p)] as const]));
    charts.push({
      title: periods.unit === 'month' ? w.vaccinationsByMonth : w.vaccinationsByYear,
      kind: 'stacked',
      categories: periods.labels,
      series: [
        { name: w.done, values: periods.keys.map((key) => byPeriod.get(key)?.[0] ?? 0) },
        { name: w.pending, values: periods.keys.map((key) => byPeriod.get(key)?.[1] ?? 0) },
      ],
      unit: 'count',
    });
  }
  if (charts.length === 0) {
    // Nothing changed and nothing was due: the birds each flock held at the end.
    charts.push({
      title: w.birdsAtEndByFlock,
      kind: 'bar',
      categories: flockRows.map((r) => String(r[0])),
      series: [{ name: w.birds, values: flockRows.map((r) => Number(r[10])) }],
      unit: 'count',
    });
  }
  document.charts = charts;

  const records =
    request.reportType === 'detailed'
      ? { title: w.recordsTitle, columns: recordColumns(words), pages: recordPages(db, request, words) }
      : null;
  return { document, records };
}

export const flockReport: ReportGatherer = { hasData, gather };
