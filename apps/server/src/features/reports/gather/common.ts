/** What every category's gatherer shares: the document's head and records read a page at a time. */
import { instantDateTimeText, REPORT_CATEGORY_LABELS, REPORT_TYPE_LABELS, reportWords } from '@kuku/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { RECORDS_PAGE_ROWS, type Cell, type ReportDocument, type ReportRequestContext } from '../document.js';

/** '24 Nov 2026 14:05 (Africa/Nairobi)': when the report was asked for, on the farm's clock. */
export function generatedAtText(now: Date, timeZone: string): string {
  return reportWords.document.generatedAt(instantDateTimeText(now, timeZone), timeZone);
}

/** A document's head for `request`; the gatherer fills the summary, charts and tables. */
export function documentHead(request: ReportRequestContext, filters: string[] = []): ReportDocument {
  return {
    category: request.category,
    reportType: request.reportType,
    title: reportWords.document.title(REPORT_CATEGORY_LABELS[request.category], REPORT_TYPE_LABELS[request.reportType]),
    farmName: request.farmName,
    start: request.start,
    end: request.end,
    generatedAt: generatedAtText(request.now, request.scope.timeZone),
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
