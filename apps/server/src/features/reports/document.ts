/**
 * What a report is before it becomes files (decision 031): plain data, gathered from SQL on
 * the server's thread (features/reports/gather), then sent to a render worker that lays out
 * the PDF, the CSV and the workbook (features/reports/render). Numbers stay numbers here
 * (money in integer cents); the renderer formats them once, in en-KE.
 */
import type { ExpenseCategory, Language, ReportCategory, ReportType } from '@kuku/domain';
import type { Db } from '../../db/client.js';
import type { FarmScope } from '../farm-scope.js';

/**
 * How a cell is read and shown: `kes` integer cents (Ksh 1,234.50 in the PDF, 1234.50 in the
 * CSV); `count` a whole number (1,234); `decimal` up to 2 places; `percent` a number of
 * percent (12.5 → 12.5%); `day` 'YYYY-MM-DD' (shown '24 Nov 2026'); `text` as it is.
 */
export type CellKind = 'text' | 'day' | 'count' | 'decimal' | 'percent' | 'kes';
export type Cell = string | number | null;

export interface ReportColumn {
  label: string;
  kind: CellKind;
}

export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Cell[][];
  /** A last row in bold (totals), aligned with `columns`. */
  totals?: Cell[];
  /** Shown under the title: what the table holds, or why it is empty. */
  note?: string;
}

/** A figure of the summary block: 'Total revenue  Ksh 12,500.00'. */
export interface ReportFigure {
  label: string;
  value: Cell;
  kind: CellKind;
}

export interface ReportChart {
  title: string;
  /** bar: grouped bars a series; stacked: bars stacked; line: a line a series; pie: the first series over `categories`. */
  kind: 'bar' | 'stacked' | 'line' | 'pie';
  /** The x axis (or the pie's slices). */
  categories: string[];
  series: { name: string; values: number[] }[];
  /** How the values read: `kes` values are cents, shown in shillings. */
  unit: 'count' | 'kes' | 'percent' | 'decimal';
}

export interface ReportDocument {
  category: ReportCategory;
  reportType: ReportType;
  /**
   * The language its words are written in (decision 068): the gatherer wrote its own in it, and
   * the renderer writes its own (headings, page numbers, dates) in it too. English when absent.
   */
  language?: Language;
  /** 'Sales Report' */
  title: string;
  farmName: string;
  /** 'YYYY-MM-DD', both included. */
  start: string;
  end: string;
  /** When it was made, already written in the farm's time zone: '24 Nov 2026, 14:05 (Africa/Nairobi)'. */
  generatedAt: string;
  /** Lines under the period: a flock or description filter, say. */
  filters: string[];
  summary: ReportFigure[];
  /** One or two, drawn as vector graphics. */
  charts: ReportChart[];
  /** Summary tables, in order. The first is the CSV of a summary report. */
  tables: ReportTable[];
  /** The financial report also becomes a workbook of its tables. */
  workbook: boolean;
}

/** Every record of a detailed report, read a page at a time so no read holds the server's thread. */
export interface ReportRecords {
  title: string;
  columns: ReportColumn[];
  /** Pages of rows, in the order listed; the render worker keeps the first REPORT_PDF_RECORDS_MAX for the PDF and all for the CSV. */
  pages: AsyncIterable<Cell[][]>;
}

export interface GatheredReport {
  document: ReportDocument;
  /** Detailed reports only. */
  records: ReportRecords | null;
}

/** What a gatherer is asked for. */
export interface ReportRequestContext {
  scope: FarmScope;
  farmName: string;
  category: ReportCategory;
  reportType: ReportType;
  /** Farm days 'YYYY-MM-DD', start before end, both included. */
  start: string;
  end: string;
  /** The financial report of one flock. */
  flockId: number | null;
  /** The expense report's filters. */
  descriptionFilter: string | null;
  expenseCategory: ExpenseCategory | null;
  /** The instant it was asked for (its `generatedAt`). */
  now: Date;
  /** The language of the asker, kept on the report (decision 068); English when absent. */
  language?: Language;
}

/** One category's SQL: whether the range holds anything, and the report itself. */
export interface ReportGatherer {
  hasData(db: Db, request: ReportRequestContext): Promise<boolean>;
  gather(db: Db, request: ReportRequestContext): Promise<GatheredReport>;
}

/** Rows per page of a detailed report's records. */
export const RECORDS_PAGE_ROWS = 1000;
