/**
 * A report document as an A4 PDF (pdfmake on Node): a header band, the period and when it was
 * made, the summary figures, the charts as vectors, then the tables with repeating headers and
 * "Page X of Y" footers. pdfmake may read only its own Roboto files and never a URL, so nothing
 * in a farm's data can make the renderer fetch or read anything.
 */
import { REPORT_PDF_RECORDS_MAX } from '@kuku/domain';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, ContentTable, ContentText, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { Cell, ReportColumn, ReportDocument, ReportFigure, ReportTable } from '../document.js';
import { reportLanguage, type ReportLanguage } from '../report-language.js';
import { chartHasData, renderChartSvg } from './charts.js';
import { formatCount, formatPdfCell, isNumericKind, periodText } from './format.js';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FONT_FILES = {
  normal: path.join(fontDir, 'Roboto-Regular.ttf'),
  bold: path.join(fontDir, 'Roboto-Medium.ttf'),
  italics: path.join(fontDir, 'Roboto-Italic.ttf'),
  bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
};
const allowedFiles = new Set(Object.values(FONT_FILES));

pdfmake.setFonts({ Roboto: FONT_FILES });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => allowedFiles.has(path.resolve(file)));

// A4 in points, with room for the running header and footer.
const PAGE_WIDTH = 595.28;
const MARGIN_X = 40;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
/** One chart gets more height; two share the first page with the summary. */
const CHART_HEIGHT = { one: 240, two: 205 };

const GREEN = '#2F6B45';
const DARK = '#1F2A22';
const MUTED = '#5E6B61';
const HEADER_FILL = '#DDE8DF';
const ZEBRA_FILL = '#F4F7F4';
const TOTALS_FILL = '#E6EFE7';
const FIGURE_FILL = '#F2F6F2';
const RULE = '#9DB5A3';

export interface PdfRecords {
  title: string;
  columns: ReportColumn[];
  /** At most REPORT_PDF_RECORDS_MAX rows; the rest are only in the CSV. */
  rows: Cell[][];
  /** Every record of the report, for the "first 2,000 of N" line. */
  total: number;
}

function tableLayout(hasTotals: boolean, padding: number): CustomTableLayout {
  return {
    hLineWidth: (i, node) => {
      const rows = node.table.body.length;
      if (i === 1 || i === rows) return 0.8;
      return hasTotals && i === rows - 1 ? 0.8 : 0;
    },
    vLineWidth: () => 0,
    hLineColor: () => RULE,
    fillColor: (row, node) => {
      if (row === 0) return HEADER_FILL;
      if (hasTotals && row === node.table.body.length - 1) return TOTALS_FILL;
      return row % 2 === 0 ? ZEBRA_FILL : null;
    },
    paddingLeft: () => padding,
    paddingRight: () => padding,
    paddingTop: () => 3,
    paddingBottom: () => 3,
  };
}

/** Text longer than this (in characters) may wrap: its column shares the spare width. */
const SHORT_TEXT = 18;
/** Roboto's digits are 0.56 em wide, its commas and spaces less: a fair guess before layout. */
const CHAR_EM = 0.53;
const CELL_PADDING = 10;
/**
 * A cell's padding, both sides, when no font fits with the usual in a report not in English: a
 * header's words never break, and Kiswahili's run longer (the flock table's 14 headers ran past
 * the margin at 6.5 pt). English keeps its layout as it was, byte for byte.
 */
const TIGHT_CELL_PADDING = 6;
/** The least a wrapping text column should get before the font shrinks instead. */
const TEXT_MIN_WIDTH = 45;
const FONT_SIZES = [9, 8, 7.5, 7, 6.5];

interface ColumnLayout {
  widths: ('*' | 'auto')[];
  fontSize: number;
  /** Numbers and days kept on one line; false only when even the smallest font cannot fit them. */
  noWrap: boolean;
  /** A cell's padding on each side. */
  padding: number;
}

/**
 * Numbers, days and short text take the width they need; longer text columns share the rest,
 * and one column always stretches so the table spans the page. The font shrinks (9 to 6.5 pt)
 * until the fixed columns fit, so a wide table never runs past the margin; when none fits in a
 * report not in English, the cells' padding shrinks too (TIGHT_CELL_PADDING).
 */
function columnLayout(columns: ReportColumn[], texts: string[][], language: ReportLanguage): ColumnLayout {
  const longestWord = (text: string) => Math.max(0, ...text.split(/\s+/).map((word) => word.length));
  const longest = columns.map((column, index) => texts.reduce((most, row) => Math.max(most, row[index]?.length ?? 0), 0));
  // What a column cannot go below: numbers stay whole; text and headers wrap between words.
  const floor = columns.map((column, index) => {
    const cells = column.kind === 'text' ? texts.reduce((most, row) => Math.max(most, longestWord(row[index] ?? '')), 0) : (longest[index] ?? 0);
    return Math.max(cells, longestWord(column.label));
  });
  const star = columns.map((column, index) => column.kind === 'text' && (longest[index] ?? 0) > SHORT_TEXT);
  if (!star.includes(true)) {
    const textLengths = columns.map((column, index) => (column.kind === 'text' ? (longest[index] ?? 0) : -1));
    const widest = Math.max(...textLengths);
    star[widest >= 0 ? textLengths.indexOf(widest) : 0] = true;
  }
  const widths = star.map((stretch): '*' | 'auto' => (stretch ? '*' : 'auto'));
  const needed = (size: number, padding: number) =>
    floor.reduce((sum, length, index) => sum + (star[index] ? TEXT_MIN_WIDTH : length * size * CHAR_EM + padding), 0);
  const start = columns.length <= 5 ? 0 : columns.length <= 8 ? 1 : 2;
  const paddings = language.language === 'en' ? [CELL_PADDING] : [CELL_PADDING, TIGHT_CELL_PADDING];
  for (const padding of paddings) {
    for (const fontSize of FONT_SIZES.slice(start)) {
      if (needed(fontSize, padding) <= CONTENT_WIDTH) return { widths, fontSize, noWrap: true, padding: padding / 2 };
    }
  }
  return { widths, fontSize: FONT_SIZES.at(-1) ?? 6.5, noWrap: false, padding: (paddings.at(-1) ?? CELL_PADDING) / 2 };
}

function cells(columns: ReportColumn[], row: Cell[], language: ReportLanguage): string[] {
  return columns.map((column, index) => formatPdfCell(column.kind, row[index] ?? null, language));
}

function bodyRow(columns: ReportColumn[], texts: string[], noWrap: boolean, bold = false): TableCell[] {
  return columns.map((column, index) => {
    const text = texts[index] ?? '';
    const numeric = isNumericKind(column.kind);
    // Plain strings keep a 2,000-row table fast; only numbers and bold cells need an object.
    // (Days never wrap: formatPdfCell joins them with no-break spaces.)
    if (!bold && !numeric) return text;
    return { text, alignment: numeric ? 'right' : 'left', bold, noWrap: noWrap && numeric };
  });
}

function dataTable(language: ReportLanguage, columns: ReportColumn[], rows: Cell[][], totals?: Cell[]): ContentTable {
  const header: TableCell[] = columns.map((column) => ({
    text: column.label,
    bold: true,
    color: GREEN,
    alignment: isNumericKind(column.kind) ? 'right' : 'left',
  }));
  const texts = rows.map((row) => cells(columns, row, language));
  if (totals) texts.push(cells(columns, totals, language));
  const { widths, fontSize, noWrap, padding } = columnLayout(columns, texts, language);
  const body: TableCell[][] = [header, ...texts.map((row, index) => bodyRow(columns, row, noWrap, totals !== undefined && index === rows.length))];
  return {
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths, body },
    layout: tableLayout(totals !== undefined, padding),
    fontSize,
    margin: [0, 2, 0, 14],
  };
}

function heading(text: string): ContentText {
  // headlineLevel lets pageBreakBefore keep a heading off the bottom of a page.
  return { text, style: 'heading', headlineLevel: 1 };
}

function tableSection(table: ReportTable, language: ReportLanguage): Content[] {
  const parts: Content[] = [heading(table.title)];
  if (table.note) parts.push({ text: table.note, style: 'note' });
  if (table.rows.length === 0 && !table.totals) {
    if (!table.note) parts.push({ text: language.words.document.noRecords, style: 'note' });
    parts.push({ text: '', margin: [0, 0, 0, 10] });
    return parts;
  }
  parts.push(dataTable(language, table.columns, table.rows, table.totals));
  return parts;
}

function figureCell(figure: ReportFigure, language: ReportLanguage): TableCell {
  return {
    stack: [
      { text: figure.label, fontSize: 8, color: MUTED },
      { text: formatPdfCell(figure.kind, figure.value, language), fontSize: 12.5, bold: true, color: DARK, margin: [0, 2, 0, 0] },
    ],
    fillColor: FIGURE_FILL,
    margin: [8, 6, 8, 6],
  };
}

/** The summary figures as a grid of boxes, 3 across (2 when there are 2 or 4). */
function summaryGrid(figures: ReportFigure[], language: ReportLanguage): Content {
  const across = figures.length === 2 || figures.length === 4 ? 2 : Math.min(3, figures.length);
  const body: TableCell[][] = [];
  for (let i = 0; i < figures.length; i += across) {
    const row = figures.slice(i, i + across).map((figure) => figureCell(figure, language));
    while (row.length < across) row.push({ text: '' });
    body.push(row);
  }
  // White rules between the boxes read as gutters.
  const gutter = (i: number, count: number) => (i === 0 || i === count ? 0 : 5);
  return {
    table: { widths: Array.from({ length: across }, () => '*'), body, dontBreakRows: true },
    layout: {
      hLineWidth: (i, node) => gutter(i, node.table.body.length),
      vLineWidth: (i) => gutter(i, across),
      hLineColor: () => '#FFFFFF',
      vLineColor: () => '#FFFFFF',
      paddingLeft: () => 0,
      paddingRight: () => 0,
      paddingTop: () => 0,
      paddingBottom: () => 0,
    },
    margin: [0, 0, 0, 14],
  };
}

function headerBand(document: ReportDocument, language: ReportLanguage): Content {
  return {
    table: {
      widths: ['*', 'auto'],
      body: [
        [
          {
            stack: [
              { text: document.farmName, fontSize: 17, bold: true, color: '#FFFFFF' },
              { text: document.title, fontSize: 11.5, color: '#E4EFE6', margin: [0, 2, 0, 0] },
            ],
            margin: [12, 10, 6, 10],
          },
          { text: language.words.document.appName, fontSize: 10, bold: true, color: '#E4EFE6', alignment: 'right', margin: [6, 12, 12, 10] },
        ],
      ],
    },
    layout: { fillColor: () => GREEN, hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 },
    margin: [0, 0, 0, 10],
  };
}

function chartSection(document: ReportDocument, language: ReportLanguage): Content[] {
  const height = document.charts.length > 1 ? CHART_HEIGHT.two : CHART_HEIGHT.one;
  return document.charts.map((chart) => ({
    stack: [
      { text: chart.title, style: 'chartTitle' },
      chartHasData(chart)
        ? { svg: renderChartSvg(chart, { width: CONTENT_WIDTH, height }, language), width: CONTENT_WIDTH }
        : { text: language.words.document.nothingToChart, style: 'note' },
    ],
    unbreakable: true,
    margin: [0, 0, 0, 12],
  }));
}

function recordsSection(records: PdfRecords, language: ReportLanguage): Content[] {
  const w = language.words.document;
  const parts: Content[] = [{ ...heading(records.title), pageBreak: 'before' }];
  const shown = records.rows.length;
  if (records.total > shown) {
    parts.push({
      text: w.recordsCapped(formatCount(shown), formatCount(records.total)),
      style: 'note',
    });
  } else if (shown > 0) {
    parts.push({ text: w.recordsInPeriod(shown, formatCount(shown)), style: 'note' });
  }
  if (shown === 0) parts.push({ text: w.noRecords, style: 'note' });
  else parts.push(dataTable(language, records.columns, records.rows));
  return parts;
}

/** The PDF definition of `document`; `records` only for a detailed report. */
export function pdfDefinition(document: ReportDocument, records: PdfRecords | null): TDocumentDefinitions {
  const language = reportLanguage(document.language);
  const w = language.words.document;
  const content: Content[] = [
    headerBand(document, language),
    { text: periodText(document.start, document.end, language), bold: true, fontSize: 10.5, color: DARK },
    { text: w.generated(document.generatedAt), color: MUTED, margin: [0, 2, 0, 0] },
    ...document.filters.map((filter): Content => ({ text: filter, color: MUTED, margin: [0, 2, 0, 0] })),
    { text: '', margin: [0, 0, 0, 8] },
  ];
  if (document.summary.length > 0) content.push(heading(w.summary), summaryGrid(document.summary, language));
  content.push(...chartSection(document, language));
  for (const table of document.tables) content.push(...tableSection(table, language));
  if (records) content.push(...recordsSection({ ...records, rows: records.rows.slice(0, REPORT_PDF_RECORDS_MAX) }, language));

  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [MARGIN_X, 48, MARGIN_X, 48],
    info: { title: w.fileTitle(document.farmName, document.title), author: document.farmName, creator: w.appName, producer: w.appName },
    // A reader (or a screen reader) told the text's language; an English file stays as it was.
    ...(language.language === 'en' ? {} : { language: language.language }),
    defaultStyle: { font: 'Roboto', fontSize: 9, color: DARK, lineHeight: 1.15 },
    styles: {
      heading: { fontSize: 12, bold: true, color: GREEN, margin: [0, 6, 0, 4] },
      chartTitle: { fontSize: 10, bold: true, color: DARK, margin: [0, 0, 0, 4] },
      note: { fontSize: 8, color: MUTED, margin: [0, 0, 0, 4] },
    },
    header: (currentPage) =>
      currentPage === 1
        ? null
        : {
            columns: [
              { text: document.farmName, bold: true },
              { text: document.title, alignment: 'right' },
            ],
            fontSize: 8,
            color: MUTED,
            margin: [MARGIN_X, 22, MARGIN_X, 0],
          },
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: document.farmName, width: '*' },
        { text: w.appName, width: 'auto', bold: true, color: GREEN },
        { text: w.page(currentPage, pageCount), width: '*', alignment: 'right' },
      ],
      fontSize: 8,
      color: MUTED,
      margin: [MARGIN_X, 18, MARGIN_X, 0],
    }),
    // Move a heading that would sit in the last lines of a page to the next one, with its table.
    pageBreakBefore: (node) =>
      node.headlineLevel === 1 && node.startPosition.verticalRatio > 0 && node.startPosition.pageInnerHeight * (1 - node.startPosition.verticalRatio) < 80,
    content,
  };
}

/** The PDF file of `document`. */
export async function renderPdf(document: ReportDocument, records: PdfRecords | null): Promise<Uint8Array> {
  return pdfmake.createPdf(pdfDefinition(document, records)).getBuffer();
}
