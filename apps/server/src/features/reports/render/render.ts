/**
 * A report's files from its document: the PDF always, a CSV (every record of a detailed report,
 * else the first table, else the summary figures) and, for the financial report, a workbook.
 * Runs in a render worker (worker.ts); callable directly where a thread is not worth it.
 */
import type { Cell, ReportColumn, ReportDocument } from '../document.js';
import { reportLanguage } from '../report-language.js';
import { figuresCsv, tableCsv } from './csv.js';
import { renderPdf } from './pdf.js';
import { renderWorkbook } from './xlsx.js';

export interface RenderedFiles {
  pdf: Uint8Array;
  csv: Uint8Array;
  xlsx: Uint8Array | null;
}

export interface RecordsTable {
  title: string;
  columns: ReportColumn[];
  rows: Cell[][];
}

/**
 * The files of `document`. `records` (a detailed report) holds the rows the PDF lists, and
 * `totalRecords` how many there are in all; `recordsCsv`, when given, is the CSV already built
 * from every record as its pages arrived (the worker does that), else it is made from `records.rows`.
 */
export async function renderFiles(
  document: ReportDocument,
  records: RecordsTable | null,
  totalRecords: number,
  recordsCsv?: Uint8Array,
): Promise<RenderedFiles> {
  // Every file in the document's language (decision 068).
  const language = reportLanguage(document.language);
  const pdf = await renderPdf(document, records && { ...records, total: Math.max(totalRecords, records.rows.length) });
  let csv: Uint8Array;
  if (records) csv = recordsCsv ?? tableCsv(records.columns, records.rows, undefined, language);
  else if (document.tables[0]) csv = tableCsv(document.tables[0].columns, document.tables[0].rows, document.tables[0].totals, language);
  else csv = figuresCsv(document.summary, language);
  const xlsx = document.workbook ? await renderWorkbook(document) : null;
  return { pdf, csv, xlsx };
}
