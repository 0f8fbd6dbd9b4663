import { dayIn, DEFAULT_TIME_ZONE } from '@kuku/domain';
import { useMemo } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { createFarmDates } from './date';

/*
 * Counts and calendar days as the record screens show them. A record's day is a calendar day
 * of the farm ('YYYY-MM-DD'), so it is read as text and no time zone can shift it.
 */

let countFormat: Intl.NumberFormat | undefined;

/** A count as en-KE writes it (12,345); the formatter is built on first use, not at module load. */
export function formatCount(value: number): string {
  countFormat ??= new Intl.NumberFormat('en-KE');
  return countFormat.format(value);
}

/** The farm's today as 'YYYY-MM-DD': the latest day a record may carry (SPEC §5). */
export function useFarmToday(): string {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  return dayIn(new Date(), timeZone);
}

/**
 * A record's calendar day as 'DD MMM YYYY'. The farm-dates helper reads it at UTC midnight in
 * UTC, so no zone moves it to the day before.
 */
export function useDayText(): (day: string) => string {
  return useMemo(() => {
    const dates = createFarmDates('UTC');
    return (day: string) => dates.date(`${day.slice(0, 10)}T00:00:00Z`) || day;
  }, []);
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** 'YYYY-MM' as 'March 2026'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTH_NAMES[Number(number) - 1];
  return name ? `${name} ${year}` : month;
}

/** 'YYYY-MM' as 'Mar 2026'. */
export function shortMonthText(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTH_NAMES[Number(number) - 1];
  return name ? `${name.slice(0, 3)} ${year}` : month;
}

/** 'YYYY-MM' as 'Mar' (a chart's axis). */
export function monthAbbreviation(month: string): string {
  return MONTH_NAMES[Number(month.slice(5, 7)) - 1]?.slice(0, 3) ?? month;
}

function dayParts(day: string) {
  const [year = '', month = '', date = ''] = day.split('-');
  return { year, month: MONTH_NAMES[Number(month) - 1]?.slice(0, 3) ?? '', date };
}

/** '2026-11-05' → '05 Nov' (a chart's axis). */
export function shortDay(day: string): string {
  const p = dayParts(day);
  return `${p.date} ${p.month}`;
}

/** '2026-11-05' → '05 Nov 2026' (SPEC §2), without a formatter: the charts' tooltips and tables. */
export function longDay(day: string): string {
  const p = dayParts(day);
  return `${p.date} ${p.month} ${p.year}`;
}
