/** Periods of a report's range (days, weeks, months, years) and their labels, shared by the sales and expense reports. */
import { daysBetween, shiftDay, shiftMonth } from '@kuku/domain';
import type { ReportLanguage } from '../report-language.js';

/** A bucket of days: a chart's bar or a table's row, keyed by its first day as date_trunc answers it. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'year';

/** A table lists days up to this many days in the range, months beyond. */
export const DAY_ROWS_MAX_DAYS = 62;

/** The days of the range, both ends counted. */
export const rangeDays = (start: string, end: string) => daysBetween(start, end) + 1;

/** A table's rows: days for a range of two months at most, months beyond. */
export const tableUnit = (start: string, end: string): PeriodUnit => (rangeDays(start, end) <= DAY_ROWS_MAX_DAYS ? 'day' : 'month');

/** A chart's bars: days up to a month, weeks up to half a year, months up to six years, years beyond. */
export function chartUnit(start: string, end: string): PeriodUnit {
  const days = rangeDays(start, end);
  if (days <= 31) return 'day';
  if (days <= 26 * 7) return 'week';
  return monthsOf(start, end).length <= 72 ? 'month' : 'year';
}

/** The range's whole months and its partial edges (decision 025: month rollups are exact for whole months only). */
export interface RangeParts {
  /** The first day of the first whole month, or the day after the range when no month is whole. */
  fullFrom: string;
  /** The first day after the last whole month (exclusive), or the day after the range. */
  fullTo: string;
}

/** The whole months inside start…end (both included): the rollups answer [fullFrom, fullTo), the rows the rest. */
export function rangeParts(start: string, end: string): RangeParts {
  const after = shiftDay(end, 1);
  const fullFrom = start.endsWith('-01') ? start : `${shiftMonth(start.slice(0, 7), 1)}-01`;
  const fullTo = `${after.slice(0, 7)}-01`;
  return fullFrom < fullTo ? { fullFrom, fullTo } : { fullFrom: after, fullTo: after };
}

/** 'YYYY-MM' of every month the range touches. */
export function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  for (let m = start.slice(0, 7); m <= end.slice(0, 7); m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** Monday of a day's week (docs/product.md §9: weeks start on Monday), as date_trunc('week') answers it. */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shiftDay(day, -weekday);
}

/** The key of every bucket the range touches, in order: its first day, as date_trunc answers it in SQL. */
export function periodKeys(start: string, end: string, unit: PeriodUnit): string[] {
  const keys: string[] = [];
  if (unit === 'day') for (let d = start; d <= end; d = shiftDay(d, 1)) keys.push(d);
  else if (unit === 'week') for (let d = mondayOf(start); d <= end; d = shiftDay(d, 7)) keys.push(d);
  else if (unit === 'month') for (const m of monthsOf(start, end)) keys.push(`${m}-01`);
  else for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) keys.push(`${String(y).padStart(4, '0')}-01-01`);
  return keys;
}

/** A bucket's name on a chart's axis, in the report's language: '05 Jan', 'Week of 05 Jan', 'Jan 2026', '2026'. */
export function periodLabel(key: string, unit: PeriodUnit, start: string, language: ReportLanguage): string {
  if (unit === 'day') return language.shortDay(key);
  // A week that began before the range is named by the range's first day.
  if (unit === 'week') return language.words.periods.weekOf(language.shortDay(key < start ? start : key));
  if (unit === 'month') return language.shortMonth(key.slice(0, 7));
  return key.slice(0, 4);
}

/** A month row's cell, in the report's language: 'November 2026'. */
export const monthCell = (key: string, language: ReportLanguage) => language.month(key.slice(0, 7));

/** A json column: parsed by both drivers as they are set up, parsed here if one hands over text. */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Percent of a whole, one decimal; null of nothing. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

