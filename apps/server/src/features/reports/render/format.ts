/**
 * How a report cell reads, per file: the PDF shows it as the app does (en-KE, Ksh 1,234.50,
 * 24 Nov 2026, the month named in the report's language); the CSV and the workbook keep plain
 * machine values (1234.50, ISO days) that a spreadsheet reads back as numbers and dates.
 */
import { centsToAmountText, formatKes, NUMBER_LOCALE } from '@kuku/domain';
import type { Cell, CellKind, ReportColumn } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';

const countFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
// One fixed decimal so a column of percents lines up: 39.0%, 12.5%.
const percentFormat = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** What the PDF prints for an empty cell, so a blank never reads as a lost value. */
export const EMPTY_CELL = '—';

/** The kinds that are numbers: right-aligned in tables, never formula-guarded when numeric. */
export function isNumericKind(kind: CellKind): boolean {
  return kind === 'count' || kind === 'decimal' || kind === 'percent' || kind === 'kes';
}


/** '24 Nov 2026' with no-break spaces, so a table never wraps a date over two lines. */
function pdfDay(day: string, language: ReportLanguage): string {
  return language.day(day).replaceAll(' ', '\u00a0');
}

/**
 * A cell as the PDF shows it. A number in a text column, or text in a number column, is shown as
 * given. Negative numbers take the minus sign (U+2212): a line never breaks after it, as it
 * may after a hyphen ("-" then "Ksh 50.00" on the next line).
 */
export function formatPdfCell(kind: CellKind, value: Cell, language: ReportLanguage = reportLanguage()): string {
  if (value === null || value === '') return EMPTY_CELL;
  if (typeof value === 'string') return kind === 'day' ? pdfDay(value, language) : value;
  const text = formatPdfNumber(kind, value);
  return text.startsWith('-') ? `\u2212${text.slice(1)}` : text;
}

function formatPdfNumber(kind: CellKind, value: number): string {
  switch (kind) {
    case 'kes':
      return formatKes(value);
    case 'count':
      return countFormat.format(value);
    case 'decimal':
      return decimalFormat.format(value);
    case 'percent':
      return `${percentFormat.format(value)}%`;
    case 'day':
    case 'text':
      return String(value);
  }
}

/**
 * OWASP CSV injection: a text cell a spreadsheet would read as a formula (= + - @ tab CR first)
 * gets a leading apostrophe. Numbers are never passed here, so -50.00 stays a number.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Up to 2 decimals with no grouping, as a spreadsheet reads a number: 2.5, 1234.57, -3. */
function plainDecimal(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * A cell as the CSV holds it: money in shillings with 2 decimals ("1234.50"), numbers without
 * grouping, days ISO, empty as ''. Text (and any string in a number column) is formula-guarded.
 */
export function formatCsvCell(kind: CellKind, value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'string') return guardFormula(value);
  switch (kind) {
    case 'kes':
      return centsToAmountText(value);
    case 'count':
      return String(value);
    case 'decimal':
    case 'percent':
      return plainDecimal(value);
    case 'day':
    case 'text':
      return guardFormula(String(value));
  }
}

/** A column's header in the CSV and workbook, which carry no currency or % sign in the cells. */
export function dataColumnLabel(column: ReportColumn, language: ReportLanguage = reportLanguage()): string {
  if (column.kind === 'kes') return language.words.document.inKes(column.label);
  if (column.kind === 'percent') return language.words.document.inPercent(column.label);
  return column.label;
}

/** 'Period: 01 Jan 2026 – 31 Mar 2026', in the report's language. */
export function periodText(start: string, end: string, language: ReportLanguage = reportLanguage()): string {
  return language.words.document.period(language.day(start), language.day(end));
}

/** en-KE grouping for counts in sentences ('Showing the first 2,000 of 3,000 records'). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
