import { DATE_PARTS_LOCALE } from './locale.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The hour (0-23) of an instant as a clock in `timeZone` shows it. */
export function hourIn(date: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat(DATE_PARTS_LOCALE, { hour: 'numeric', hourCycle: 'h23', timeZone }).format(date);
  return Number(hour);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// The product's client sends an ISO instant (toISOString of the picked day); a plain day is taken too.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Whether a 'YYYY-MM-DD' is a day of the calendar (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1900 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') an instant falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/**
 * A day as a client sends it, in the farm's time zone: 'YYYY-MM-DD' as it is, an ISO
 * instant as the day it falls on there (a phone's midnight in Nairobi is 21:00Z the day
 * before). Null for anything else.
 */
export function parseDay(value: string, timeZone: string): string | null {
  const text = value.trim();
  if (ISO_DAY.test(text)) return isCalendarDay(text) ? text : null;
  if (!ISO_INSTANT.test(text) || !isCalendarDay(text.slice(0, 10))) return null;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  const day = dayIn(instant, timeZone);
  return isCalendarDay(day) ? day : null;
}

/** Whether the text has the shape of a day or an ISO instant (the zone is applied by parseDay). */
export function looksLikeDay(value: string): boolean {
  const text = value.trim();
  return (ISO_DAY.test(text) && isCalendarDay(text)) || (ISO_INSTANT.test(text) && isCalendarDay(text.slice(0, 10)) && !Number.isNaN(new Date(text).getTime()));
}

/** A month 'YYYY-MM' moved by `months` (negative goes back): ('2026-03', -6) → '2025-09'. */
export function shiftMonth(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const total = year * 12 + (index - 1) + months;
  const shiftedYear = Math.floor(total / 12);
  return `${String(shiftedYear).padStart(4, '0')}-${String(total - shiftedYear * 12 + 1).padStart(2, '0')}`;
}

/** A calendar day 'YYYY-MM-DD' moved by `days` (negative goes back), no time zone involved: ('2026-03-01', -1) → '2026-02-28'. */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
