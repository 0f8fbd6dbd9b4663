/**
 * How Kuku writes a day, a month and a moment: the one date style of every screen, mail,
 * notification and report ('05 Mar 2026', 'March 2026', '05 Mar 2026 14:05'). Calendar days
 * ('YYYY-MM-DD') and months ('YYYY-MM') are read as text, so no time zone can move them; an
 * instant is first placed on the farm's clock. The month names come from this list, not from
 * Intl: en-GB writes September 'Sept' in newer ICU data, and a translation swaps the list.
 */
import { DATE_PARTS_LOCALE } from './locale.js';
import { dayIn } from './dates.js';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A month's short name, 1 to 12: 'Jan'; undefined past them. */
export function shortMonthName(month: number): string | undefined {
  return MONTH_NAMES[month - 1]?.slice(0, 3);
}

/** '2026-03-05' → '05 Mar 2026' (SPEC's DD MMM YYYY). Anything else is returned as it came. */
export function dayText(day: string): string {
  const month = shortMonthName(Number(day.slice(5, 7)));
  return month && /^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(8, 10)} ${month} ${day.slice(0, 4)}` : day;
}

/** '2026-03-05' → '05 Mar': a chart's axis, where the year is in the title. */
export function shortDayText(day: string): string {
  const month = shortMonthName(Number(day.slice(5, 7)));
  return month ? `${day.slice(8, 10)} ${month}` : day;
}

/** '2026-03' → 'March 2026'. */
export function monthText(month: string): string {
  const name = MONTH_NAMES[Number(month.slice(5, 7)) - 1];
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** '2026-03' → 'Mar 2026'. */
export function shortMonthText(month: string): string {
  const name = shortMonthName(Number(month.slice(5, 7)));
  return name ? `${name} ${month.slice(0, 4)}` : month;
}

/** The day an instant falls on in `timeZone`, written as every day is: '25 Nov 2026'. */
export function instantDayText(instant: Date, timeZone: string): string {
  return Number.isNaN(instant.getTime()) ? '' : dayText(dayIn(instant, timeZone));
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** '14:05': an instant's time on the farm's 24-hour clock. */
export function instantClockText(instant: Date, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) return '';
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_PARTS_LOCALE, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** '05 Mar 2026 14:05': an instant as the farm's clock and calendar show it. */
export function instantDateTimeText(instant: Date, timeZone: string): string {
  return Number.isNaN(instant.getTime()) ? '' : `${instantDayText(instant, timeZone)} ${instantClockText(instant, timeZone)}`;
}
