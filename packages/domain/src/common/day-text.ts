/**
 * How Kuku writes a day, a month and a moment: the one date style of every screen, mail,
 * notification and report ('05 Mar 2026', 'March 2026', '05 Mar 2026 14:05'). Calendar days
 * ('YYYY-MM-DD') and months ('YYYY-MM') are read as text, so no time zone can move them; an
 * instant is first placed on the farm's clock. The month names come from this list, not from
 * Intl: en-GB writes September 'Sept' in newer ICU data, and each language has its catalogue
 * (common/words.ts).
 */
import { DATE_PARTS_LOCALE } from './locale.js';
import { words, type Catalogues } from './words.js';

/** The calendar's names: 'March', 'Mar' (a chart's month axis), 'Mon' (a week's axis). */
export const calendarWords = words(
  'calendar',
  {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    shortWeekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  },
  { sw: () => import('../sw/day-text.js') as Promise<Catalogues> },
);

export const MONTH_NAMES: readonly string[] = calendarWords.months;
/** 'Jan' … 'Dec'. */
export const SHORT_MONTH_NAMES: readonly string[] = calendarWords.shortMonths;

/** A month's short name, 1 to 12: 'Jan'; undefined past them. */
export function shortMonthName(month: number): string | undefined {
  return SHORT_MONTH_NAMES[month - 1];
}

/** '2026-03-05' → '05 Mar 2026' (DD MMM YYYY, decision 054). Anything else is returned as it came. */
export function dayText(day: string): string {
  return dayTextIn(day, SHORT_MONTH_NAMES);
}

/** dayText with the short month names of another language than the page's (the server's mail or notification). */
export function dayTextIn(day: string, months: readonly string[]): string {
  const month = months[Number(day.slice(5, 7)) - 1];
  return month && /^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(8, 10)} ${month} ${day.slice(0, 4)}` : day;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** An instant on the farm's clock and calendar: its day 'YYYY-MM-DD' and time 'HH:mm'; null for an invalid date. */
function onFarmClock(instant: Date, timeZone: string): [day: string, time: string] | null {
  if (Number.isNaN(instant.getTime())) return null;
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_PARTS_LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return [`${part.year}-${part.month}-${part.day}`, `${part.hour}:${part.minute}`];
}

/** The day an instant falls on in `timeZone`, written as every day is: '25 Nov 2026'. */
export function instantDayText(instant: Date, timeZone: string, months?: readonly string[]): string {
  const clock = onFarmClock(instant, timeZone);
  return clock ? dayTextIn(clock[0], months ?? SHORT_MONTH_NAMES) : '';
}

/** '05 Mar 2026 14:05': an instant as the farm's clock and calendar show it. */
export function instantDateTimeText(instant: Date, timeZone: string, months?: readonly string[]): string {
  const clock = onFarmClock(instant, timeZone);
  return clock ? `${dayTextIn(clock[0], months ?? SHORT_MONTH_NAMES)} ${clock[1]}` : '';
}

/** '14:05' for an instant of the farm's today (by `now`), else '05 Mar 2026 14:05'. */
export function instantClockText(instant: Date, timeZone: string, now: Date = new Date()): string {
  const clock = onFarmClock(instant, timeZone);
  if (!clock) return '';
  return onFarmClock(now, timeZone)?.[0] === clock[0] ? clock[1] : `${dayText(clock[0])} ${clock[1]}`;
}
