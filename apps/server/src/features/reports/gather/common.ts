/** What every category's gatherer shares: the document's head and records read a page at a time. */
import { REPORT_CATEGORY_LABELS, REPORT_TYPE_LABELS } from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { RECORDS_PAGE_ROWS, type Cell, type ReportDocument, type ReportRequestContext } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';

/** The language a report is gathered in: the asker's (decision 068), English when the request names none. */
export const languageOfReport = (request: ReportRequestContext): ReportLanguage => reportLanguage(request.language);

/** '24 Nov 2026 14:05 (Africa/Nairobi)': when the report was asked for, on the farm's clock. */
export function generatedAtText(now: Date, timeZone: string, language: ReportLanguage = reportLanguage()): string {
  return language.words.document.generatedAt(language.dateTime(now, timeZone), timeZone);
}

/** A document's head for `request`, in its language; the gatherer fills the summary, charts and tables. */
export function documentHead(request: ReportRequestContext, filters: string[] = []): ReportDocument {
  const language = languageOfReport(request);
  const categories = wordsIn(language.language, REPORT_CATEGORY_LABELS);
  const types = wordsIn(language.language, REPORT_TYPE_LABELS);
  return {
    category: request.category,
    reportType: request.reportType,
    language: language.language,
    title: language.words.document.title(categories[request.category], types[request.reportType]),
    farmName: request.farmName,
    start: request.start,
    end: request.end,
    generatedAt: generatedAtText(request.now, request.scope.timeZone, language),
    filters,
    summary: [],
    charts: [],
    tables: [],
    workbook: false,
  };
}

/**
 * Every row of a query, a page at a time by keyset: `page(after)` answers up to
 * RECORDS_PAGE_ROWS rows after the key `after` (null: from the start) and the key of its
 * last row. Between pages the server's thread serves others.
 */
export async function* pagedRows<K>(page: (after: K | null, limit: number) => Promise<{ rows: Cell[][]; last: K | null }>): AsyncGenerator<Cell[][]> {
  let after: K | null = null;
  for (;;) {
    const { rows, last } = await page(after, RECORDS_PAGE_ROWS);
    if (rows.length > 0) yield rows;
    if (rows.length < RECORDS_PAGE_ROWS || last === null) return;
    after = last;
    await nextTurn();
  }
}
