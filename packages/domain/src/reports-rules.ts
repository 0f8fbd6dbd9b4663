// Reports (docs/product.md §2 Reports, §5 Report generator, §8, §9): words, constants and rules, no zod.
import type { ReportType } from './sales-rules.js';
import { dayText } from './common/day-text.js';
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §9 Report categories, in the generator's order. */
export const REPORT_CATEGORIES = ['flock', 'eggProduction', 'sales', 'expense', 'inventory', 'financial'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** A report's route under /api/reports, per category (docs/product.md §7). */
export const REPORT_CATEGORY_PATHS: Record<ReportCategory, string> = {
  flock: 'flock',
  eggProduction: 'egg-production',
  sales: 'sales',
  expense: 'expenses',
  inventory: 'inventory',
  financial: 'financial',
};

/** A report's life: rendered off the request thread, then ready or failed (with the reason). */
export const REPORT_STATES = ['generating', 'ready', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** The files of a report: the PDF always, a CSV of its table, a workbook for the financial report. */
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** docs/product.md §9: the Recent Reports list shows 5 a page; the report notice hides after 5000 ms. */
export const REPORT_PAGE_SIZE = 5;
export const REPORT_NOTICE_MS = 5000;
/** How long a download link works (docs/design.md §6: minutes). */
export const REPORT_LINK_SECONDS = 300;
/** The longest range a report covers: a farm's whole history, not a century by mistake. */
export const REPORT_RANGE_MAX_YEARS = 20;
/** Records a detailed PDF lists; past it the PDF says so and the CSV holds every record. */
export const REPORT_PDF_RECORDS_MAX = 2000;
export const REPORT_NAME_MAX = 120;
/**
 * Reports of one farm waiting or being made at once (decision 052): one of each category, as the
 * generator asks for all its chosen categories at once; more would only lengthen the queue.
 */
export const REPORT_QUEUE_MAX = REPORT_CATEGORIES.length;
/** A report's row and files are kept this many days, then a sweep deletes them. */
export const REPORT_KEEP_DAYS = 90;

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = words(
  'reportCategories',
  {
    flock: 'Flock',
    eggProduction: 'Egg Production',
    sales: 'Sales',
    expense: 'Expenses',
    inventory: 'Inventory',
    financial: 'Financial',
  },
  { sw: () => import('./sw/reports-rules.js') as Promise<Catalogues> },
);

export const REPORT_TYPE_LABELS: Record<ReportType, string> = words('reportTypes', { summary: 'Summary', detailed: 'Detailed' }, { sw: () => import('./sw/reports-rules.js') as Promise<Catalogues> });

export const REPORT_STATE_LABELS: Record<ReportState, string> = words('reportStates', { generating: 'Generating', ready: 'Ready', failed: 'Failed' }, { sw: () => import('./sw/reports-rules.js') as Promise<Catalogues> });

export const reportMessages = words(
  'reports',
  {
    title: 'Reports',
    intro: "Your farm's records for the days you choose, as PDF and CSV files to keep or share.",
    generatorTitle: 'Generate Reports',
    startDate: 'Start date',
    endDate: 'End date',
    reportType: 'Report type',
    selectType: 'Select a type',
    categories: 'Categories',
    generate: 'Generate Report',
    generating: 'Generating...',
    flock: 'Flock',
    allFlocks: 'All flocks',
    flockHint: 'For the financial report',
    // docs/product.md §5 Report generator and §8 Reports.
    selectCategory: 'Please select at least one category to generate the report.',
    datesRequired: 'Please select both start and end dates.',
    startAfterEnd: 'Start date cannot be after end date.',
    singleDay: 'You cannot generate reports for a single day. Please select at least two days.',
    generated: 'Your report(s) has been generated successfully!',
    insufficientData: 'Insufficient data found for the selected date range. Please try a different range.',
    unknownError: 'Unknown error occurred',
    failed: (message: string) => `Failed to generate report: ${message}`,
    // The server's own checks.
    dateInvalid: 'Enter a valid date.',
    rangeTooLong: `A report can cover at most ${REPORT_RANGE_MAX_YEARS} years.`,
    typeInvalid: 'Choose summary or detailed.',
    flockInvalid: 'Choose a flock.',
    nameInvalid: `A report name must be 1 to ${REPORT_NAME_MAX} characters.`,
    formatInvalid: 'Choose pdf, csv or xlsx.',
    noFile: 'This report has no such file.',
    notFound: 'Report not found.',
    notReady: 'This report is not ready yet.',
    linkRefused: 'This download link is not valid or has expired. Open the report again from Reports.',
    renderFailed: 'The report could not be made. Please try again.',
    interrupted: 'The server stopped while the report was being made. Please generate it again.',
    queueFull: `${REPORT_QUEUE_MAX} of your reports are still being generated. Please wait for one to finish, then try again.`,
    /** The server's answer when a category has nothing in the range (docs/product.md §8 looks for "insufficient data"). */
    noRecords: (category: ReportCategory, start: string, end: string) =>
      `Insufficient data: no ${REPORT_CATEGORY_LABELS[category].toLowerCase()} records between ${start} and ${end}.`,
    /** A report's name when the asker gives none, its days as the list writes them. */
    defaultName: (category: ReportCategory, type: ReportType, from: string, to: string) =>
      `${REPORT_CATEGORY_LABELS[category]} Report (${REPORT_TYPE_LABELS[type]}) ${from} to ${to}`,
    // The list.
    recentTitle: 'Recent Reports',
    searchLabel: 'Search reports',
    searchPlaceholder: 'Search by name, category or type',
    empty: 'No reports yet. Choose dates and categories above to make your first one.',
    noMatch: 'No reports match your search.',
    download: 'Download',
    downloadCsv: 'CSV',
    downloadXlsx: 'Excel',
    delete: 'Delete',
    deleteTitle: 'Delete report',
    deleteConfirm: (name: string) => `Delete the report "${name}"? Its files are deleted too.`,
    deleted: 'Report deleted.',
    deleteFailed: 'The report could not be deleted. Please try again.',
    downloadFailed: 'The report could not be downloaded. Please try again.',
    listLoading: 'Loading reports',
    listFailed: 'Reports could not be loaded. Please try again.',
    listPages: 'Report pages',
    reportCount: (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`,
    nameColumn: 'Name',
    categoryColumn: 'Category',
    stateColumn: 'Status',
    createdColumn: 'Created',
    sizeColumn: 'Size',
    actionsColumn: 'Files',
    /** Each row's buttons, named after the report (visible words first: WCAG 2.5.3). */
    downloadOf: (name: string) => `Download ${name}`,
    downloadCsvOf: (name: string) => `CSV of ${name}`,
    downloadXlsxOf: (name: string) => `Excel of ${name}`,
    deleteOf: (name: string) => `Delete ${name}`,
    /** A report file's size as the list shows it: '840 B', '56 KB', '1.2 MB'. */
    size: (bytes: number | null) =>
      bytes === null ? '–' : bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`,
    seeReports: 'See it in Reports',
    salesFormDone: 'Your sales report is being generated. It will be ready in Reports.',
    expenseFormDone: 'Your expense report is being generated. It will be ready in Reports.',
    // The list's query, checked by the server.
    orderInvalid: 'Order must be asc or desc.',
  },
  { sw: () => import('./sw/reports-rules.js') as Promise<Catalogues> },
);

/**
 * docs/product.md §8: a failure whose message mentions insufficient data, a zero x-range or no data
 * is shown as the insufficient-data warning.
 */
export function isInsufficientData(message: string): boolean {
  // 'rekodi hazitoshi': the Kiswahili of noRecords, as the server answers a Kiswahili page.
  return /insufficient data|zero x-range|no data|rekodi hazitoshi/i.test(message);
}

/** What the generator shows for a failed generation (docs/product.md §8 Reports). */
export function generationFailureMessage(message: string | null | undefined): string {
  const text = message && message.trim() !== '' ? message : reportMessages.unknownError;
  return isInsufficientData(text) ? reportMessages.insufficientData : reportMessages.failed(text);
}

/** Days between two 'YYYY-MM-DD' days (UTC calendar arithmetic). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/**
 * docs/product.md §5 Report generator's range rules, in its order, for days as 'YYYY-MM-DD'
 * (or an instant, read by its first 10 characters): null when the range is good.
 */
export function reportRangeProblem(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start || !end) return reportMessages.datesRequired;
  const from = start.slice(0, 10);
  const to = end.slice(0, 10);
  if (from > to) return reportMessages.startAfterEnd;
  if (from === to) return reportMessages.singleDay;
  if (daysBetween(from, to) > REPORT_RANGE_MAX_YEARS * 366) return reportMessages.rangeTooLong;
  return null;
}

/** A report's name as the list shows it and its files are named: 'Sales Report (Summary) 01 Jan 2026 to 31 Mar 2026'. */
export function reportName(
  category: ReportCategory,
  type: ReportType,
  start: string,
  end: string,
  say: { messages: typeof reportMessages; day: (day: string) => string } = { messages: reportMessages, day: dayText },
): string {
  return say.messages.defaultName(category, type, say.day(start.slice(0, 10)), say.day(end.slice(0, 10)));
}

/**
 * A file name made from a report's name: letters, digits, spaces and `._()-` kept, any
 * other run (a slash, `..`, a control character) one '-', never a leading dot, never empty.
 */
export function reportFileName(name: string, format: ReportFormat): string {
  const safe = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, REPORT_NAME_MAX);
  return `${safe === '' ? 'report' : safe}.${format}`;
}
