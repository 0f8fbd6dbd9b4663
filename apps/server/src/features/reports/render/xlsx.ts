/**
 * The financial report as a workbook: a Summary sheet, then a sheet per table. Money is a number
 * of shillings with a '#,##0.00' format and days are real dates, so a farmer can sum and filter
 * in Excel; text is formula-guarded as in the CSV.
 */
import ExcelJS from 'exceljs';
import type { Cell, CellKind, ReportColumn, ReportDocument, ReportTable } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';
import { dataColumnLabel, guardFormula, periodText } from './format.js';

const NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  kes: '#,##0.00',
  count: '#,##0',
  decimal: '#,##0.##',
  percent: '0.0"%"',
  day: 'dd mmm yyyy',
  text: undefined,
};

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F6B45' } };
const TOTALS_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6EFE7' } };

/** A cell's value in the sheet: shillings for cents, a UTC-midnight Date for an ISO day. */
function sheetValue(kind: CellKind, value: Cell): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === 'string') {
    const day = kind === 'day' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    // exceljs writes a Date's UTC instant, so UTC midnight is exactly that calendar day.
    if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return guardFormula(value);
  }
  return kind === 'kes' ? value / 100 : value;
}

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\ and unique in the book. */
function sheetName(title: string, taken: Set<string>, language: ReportLanguage): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31) || language.words.document.sheet;
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

/** Column width in characters: the longest header or value shown, within reason. */
function columnWidth(column: ReportColumn, rows: Cell[][], index: number, language: ReportLanguage): number {
  let longest = dataColumnLabel(column, language).length;
  // A sample is enough to size a column; scanning a huge sheet costs more than it is worth.
  for (const row of rows.slice(0, 500)) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    const length = column.kind === 'kes' && typeof value === 'number' ? String(Math.trunc(value / 100)).length * 1.35 + 3 : String(value).length;
    longest = Math.max(longest, length);
  }
  if (column.kind === 'day') longest = Math.max(longest, 12);
  return Math.min(60, Math.max(8, Math.ceil(longest) + 2));
}

function addTableSheet(workbook: ExcelJS.Workbook, table: ReportTable, name: string, language: ReportLanguage): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column, index) => ({
    header: dataColumnLabel(column, language),
    width: columnWidth(column, table.rows, index, language),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = HEADER_FILL;
  header.alignment = { vertical: 'middle' };

  const toRow = (cells: Cell[]) => table.columns.map((column, index) => sheetValue(column.kind, cells[index] ?? null));
  for (const row of table.rows) sheet.addRow(toRow(row));
  if (table.rows.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: table.rows.length + 1, column: table.columns.length } };
  }
  if (table.totals) {
    const totals = sheet.addRow(toRow(table.totals));
    totals.font = { bold: true };
    totals.fill = TOTALS_FILL;
  }
}

function addSummarySheet(workbook: ExcelJS.Workbook, document: ReportDocument, name: string, language: ReportLanguage): void {
  const w = language.words.document;
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ width: 36 }, { width: 22 }];
  sheet.addRow([guardFormula(document.farmName)]).font = { bold: true, size: 14 };
  sheet.addRow([document.title]).font = { bold: true, size: 12 };
  sheet.addRow([periodText(document.start, document.end, language)]);
  sheet.addRow([w.generated(document.generatedAt)]);
  for (const filter of document.filters) sheet.addRow([guardFormula(filter)]);
  sheet.addRow([]);
  const header = sheet.addRow([w.figure, w.value]);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = HEADER_FILL;
  for (const figure of document.summary) {
    const label = figure.kind === 'kes' ? w.inKes(figure.label) : figure.kind === 'percent' ? w.inPercent(figure.label) : figure.label;
    const row = sheet.addRow([guardFormula(label), sheetValue(figure.kind, figure.value)]);
    const format = NUMBER_FORMATS[figure.kind];
    if (format) row.getCell(2).numFmt = format;
  }
}

/** The workbook of `document`: Summary first, then its tables in order. */
export async function renderWorkbook(document: ReportDocument): Promise<Uint8Array> {
  const language = reportLanguage(document.language);
  const w = language.words.document;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = w.appName;
  workbook.title = w.fileTitle(document.farmName, document.title);
  const taken = new Set<string>();
  addSummarySheet(workbook, document, sheetName(w.summary, taken, language), language);
  for (const table of document.tables) addTableSheet(workbook, table, sheetName(table.title, taken, language), language);
  // exceljs types its result as its own Buffer interface; on Node it is a Buffer (a Uint8Array).
  const buffer: unknown = await workbook.xlsx.writeBuffer();
  if (!(buffer instanceof Uint8Array)) throw new Error('exceljs did not return bytes');
  return buffer;
}
