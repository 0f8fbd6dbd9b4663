/**
 * The language a report's files are written in (decision 068): the asker's, kept on the report's
 * row. Every word a gatherer or the renderer writes (titles, headings, column headers, labels,
 * notes, month names) is read from `reportLanguage(language)`, never from the shared English
 * objects at module scope. English is the words objects themselves, so an English report is
 * what it always was. Numbers and money stay en-KE in every language, times of day 24-hour.
 */
import {
  calendarWords,
  dayTextIn,
  instantDateTimeText,
  type Language,
  reportMessages,
  reportName,
  type ReportCategory,
  type ReportType,
  reportWords,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';

export interface ReportLanguage {
  readonly language: Language;
  /** The report files' words in the language. */
  readonly words: typeof reportWords;
  /** '2026-03-05' → '05 Mar 2026' ('05 Mac 2026'). */
  day(day: string): string;
  /** '2026-03-05' → '05 Mar': a chart's axis. */
  shortDay(day: string): string;
  /** '2026-03' → 'March 2026' ('Machi 2026'). */
  month(month: string): string;
  /** '2026-03' → 'Mar 2026'. */
  shortMonth(month: string): string;
  /** An instant on the farm's clock: '05 Mar 2026 14:05' (24-hour in every language). */
  dateTime(instant: Date, timeZone: string): string;
  /** The name a report gets when its asker gives none: 'Sales Report (Summary) 01 Jan 2026 to 31 Mar 2026'. */
  name(category: ReportCategory, type: ReportType, start: string, end: string): string;
}

const made = new Map<Language, ReportLanguage>();

/** A report's language, English when the report (or an older caller) names none. */
export function reportLanguage(language: Language = 'en'): ReportLanguage {
  const known = made.get(language);
  if (known) return known;
  const { months, shortMonths } = wordsIn(language, calendarWords);
  const monthOf = (key: string) => Number(key.slice(5, 7)) - 1;
  const words: ReportLanguage = {
    language,
    words: wordsIn(language, reportWords),
    day: (day) => dayTextIn(day, shortMonths),
    shortDay(day) {
      const name = shortMonths[monthOf(day)];
      return name ? `${day.slice(8, 10)} ${name}` : day;
    },
    month(month) {
      const name = months[monthOf(month)];
      return name ? `${name} ${month.slice(0, 4)}` : month;
    },
    shortMonth(month) {
      const name = shortMonths[monthOf(month)];
      return name ? `${name} ${month.slice(0, 4)}` : month;
    },
    dateTime: (instant, timeZone) => instantDateTimeText(instant, timeZone, shortMonths),
    name(category, type, start, end) {
      return reportName(category, type, start, end, { messages: wordsIn(language, reportMessages), day: this.day });
    },
  };
  made.set(language, words);
  return words;
}
