/**
 * Months and short days as headings, stat cards and chart axes write them ('March 2026',
 * 'Mar 2026', '05 Mar'), from the names in common/day-text. Apart from it so that a screen
 * that writes only dates does not carry these.
 */
import { calendarWords, MONTH_NAMES, shortMonthName } from './day-text.js';

/** 'Mon' … 'Sun'. */
export const WEEKDAY_SHORT: readonly string[] = calendarWords.shortWeekdays;

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
