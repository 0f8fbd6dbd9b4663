import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Cell, ReportChart, ReportColumn, ReportDocument } from '../document.js';
import { chartHasData, renderChartSvg } from './charts.js';
import { formatCsvCell, formatPdfCell, guardFormula } from './format.js';
import { createRenderPool } from './pool.js';
import { renderFiles } from './render.js';
import { pdfText } from '../../../test/pdf-text.js';

const NBSP = '\u00a0';
const BOM = '\ufeff';

/** A document shaped like a gatherer's, with overrides per test. */
function sampleDocument(overrides: Partial<ReportDocument> = {}): ReportDocument {
  return {
    category: 'sales',
    reportType: 'summary',
    title: 'Sales Report (Summary)',
    farmName: 'Wanjiku Poultry Farm',
    start: '2026-01-01',
    end: '2026-03-31',
    generatedAt: '24 Nov 2026 14:05 (Africa/Nairobi)',
    filters: ['Flock: Layers batch 3'],
    summary: [
      { label: 'Total revenue', value: 123_450, kind: 'kes' },
      { label: 'Eggs sold', value: 12_450, kind: 'count' },
      { label: 'Collected', value: 92.5, kind: 'percent' },
      { label: 'Outstanding', value: -5_000, kind: 'kes' },
    ],
    charts: [
      {
        title: 'Revenue by month',
        kind: 'bar',
        categories: ['Jan 2026', 'Feb 2026', 'Mar 2026'],
        unit: 'kes',
        series: [
          { name: 'Eggs', values: [4_500_000, 5_200_000, 6_100_000] },
          { name: 'Birds', values: [1_200_000, 800_000, 2_500_000] },
        ],
      },
      {
        title: 'Revenue by product',
        kind: 'pie',
        categories: ['Eggs', 'Broilers', 'Manure'],
        unit: 'kes',
        series: [{ name: 'Revenue', values: [15_800_000, 4_500_000, 300_000] }],
      },
    ],
    tables: [
      {
        title: 'Sales by month',
        note: 'Every sale in the period, by the month it was made.',
        columns: [
          { label: 'Month', kind: 'text' },
          { label: 'Sales', kind: 'count' },
          { label: 'Revenue', kind: 'kes' },
          { label: 'Share', kind: 'percent' },
        ],
        rows: [
          ['=SUM(A1)', 20, 123_450, 33.3],
          ['2026-02', 21, -5_000, 33.3],
          ['2026-03', 1_234, 250_000, 33.4],
        ],
        totals: ['Total', 1_275, 368_450, 100],
      },
      { title: 'Customers', columns: [{ label: 'Customer', kind: 'text' }, { label: 'Amount', kind: 'kes' }], rows: [] },
    ],
    workbook: true,
    ...overrides,
  };
}

const recordColumns: ReportColumn[] = [
  { label: 'Date', kind: 'day' },
  { label: 'Customer', kind: 'text' },
  { label: 'Quantity', kind: 'count' },
  { label: 'Total', kind: 'kes' },
];

function recordRows(count: number): Cell[][] {
  return Array.from({ length: count }, (_, i): Cell[] => [
    `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    i === 0 ? '=SUM(A1)' : `Customer ${i}`,
    1 + (i % 10),
    i === 1 ? -5_000 : 123_450,
  ]);
}

async function* pagesOf(rows: Cell[][], size: number): AsyncGenerator<Cell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** A PDF's text is long; on failure say what was missing, not all of it. */
function expectText(text: string | undefined, needle: string): void {
  expect(text?.includes(needle), `PDF text has "${needle}"`).toBe(true);
}

function csvLines(csv: Uint8Array): string[] {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv).split('\r\n');
}

describe('format', () => {
  it.each([
    ['kes', 123_450, `Ksh${NBSP}1,234.50`],
    ['kes', -5_000, `\u2212Ksh${NBSP}50.00`],
    ['decimal', -1.5, '\u22121.5'],
    ['count', 12_450, '12,450'],
    ['decimal', 2.456, '2.46'],
    ['percent', 12.5, '12.5%'],
    ['day', '2026-11-24', `24${NBSP}Nov${NBSP}2026`],
    ['text', null, '—'],
  ] as const)('shows a %s cell %s in the PDF as %s', (kind, value, text) => {
    expect(formatPdfCell(kind, value)).toBe(text);
  });

  it.each([
    ['kes', 123_450, '1234.50'],
    ['kes', -5_000, '-50.00'],
    ['count', 12_450, '12450'],
    ['day', '2026-11-24', '2026-11-24'],
    ['text', '=SUM(A1)', "'=SUM(A1)"],
    ['text', '-2+3', "'-2+3"],
    ['text', '@cmd', "'@cmd"],
    ['text', '\tx', "'\tx"],
    ['text', 'Eggs', 'Eggs'],
    ['text', null, ''],
  ] as const)('writes a %s cell %s in the CSV as %s', (kind, value, text) => {
    expect(formatCsvCell(kind, value)).toBe(text);
  });

  it('guards only what a spreadsheet would run', () => {
    expect(guardFormula('+254 712 345 678')).toBe("'+254 712 345 678");
    expect(guardFormula('Kamau & Sons')).toBe('Kamau & Sons');
  });
});

describe('charts', () => {
  const base: ReportChart = { title: 'T', kind: 'bar', categories: ['A', 'B'], unit: 'kes', series: [{ name: 'S', values: [100, 200] }] };

  it.each(['bar', 'stacked', 'line', 'pie'] as const)('draws a %s chart as SVG', (kind) => {
    const svg = renderChartSvg({ ...base, kind }, { width: 500, height: 200 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('width="500"');
  });

  it('says when there is nothing to draw', () => {
    expect(chartHasData({ ...base, series: [{ name: 'S', values: [0, 0] }] })).toBe(false);
    expect(chartHasData({ ...base, kind: 'pie', series: [{ name: 'S', values: [-5, 0] }] })).toBe(false);
    expect(chartHasData(base)).toBe(true);
  });
});

describe('renderFiles', () => {
  it('renders a summary report: PDF, CSV of its first table and a workbook', async () => {
    const files = await renderFiles(sampleDocument(), null, 0);

    expect(new TextDecoder().decode(files.pdf.slice(0, 5))).toBe('%PDF-');
    const pages = await pdfText(files.pdf);
    const all = pages.join('\n');
    expectText(pages[0], 'Wanjiku Poultry Farm');
    expectText(pages[0], 'Sales Report (Summary)');
    expectText(pages[0], 'Period: 01 Jan 2026 – 31 Mar 2026');
    expectText(pages[0], 'Generated: 24 Nov 2026 14:05 (Africa/Nairobi)');
    expectText(pages[0], `Page 1 of ${pages.length}`);
    expectText(all, 'Ksh 1,234.50');
    expectText(all, '\u2212Ksh 50.00');
    expectText(all, '1,234');
    expectText(all, 'No records in this period.');

    const lines = csvLines(files.csv);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(files.csv).startsWith(BOM)).toBe(true);
    expect(lines[0]).toBe(`${BOM}"Month","Sales","Revenue (KES)","Share (%)"`);
    expect(lines[1]).toBe(`"'=SUM(A1)",20,1234.50,33.3`);
    expectText(all, '100.0%');
    expect(lines[2]).toBe('2026-02,21,-50.00,33.3');
    expect(lines[4]).toBe('"Total",1275,3684.50,100');

    expect(files.xlsx).not.toBeNull();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(files.xlsx ?? []).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Sales by month', 'Customers']);
    const sheet = workbook.getWorksheet('Sales by month');
    expect(sheet?.getCell('A1').value).toBe('Month');
    expect(sheet?.getCell('C1').value).toBe('Revenue (KES)');
    expect(sheet?.getCell('A2').value).toBe("'=SUM(A1)");
    expect(sheet?.getCell('C2').value).toBe(1234.5);
    expect(sheet?.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet?.getCell('C3').value).toBe(-50);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('writes the summary figures as the CSV of a report without tables, and no workbook unless asked', async () => {
    const files = await renderFiles(sampleDocument({ tables: [], charts: [], workbook: false }), null, 0);
    expect(files.xlsx).toBeNull();
    expect(csvLines(files.csv).slice(0, 3)).toEqual([`${BOM}"Label","Value"`, '"Total revenue (KES)",1234.50', '"Eggs sold",12450']);
    const pages = await pdfText(files.pdf);
    expectText(pages[0], 'Ksh 1,234.50');
  });
});

describe('render pool', () => {
  const pool = createRenderPool({ maxThreads: 1 });
  afterAll(() => pool.close());

  it('renders a detailed report in a worker: the PDF lists the first 2,000 records, the CSV all', async () => {
    const rows = recordRows(3_000);
    const document = sampleDocument({
      reportType: 'detailed',
      title: 'Sales Report (Detailed)',
      workbook: false,
      charts: [
        { title: 'Eggs by week', kind: 'line', categories: ['W1', 'W2', 'W3'], unit: 'count', series: [{ name: 'Eggs', values: [900, 950, 870] }] },
        {
          title: 'Sales by channel',
          kind: 'stacked',
          categories: ['Jan 2026', 'Feb 2026'],
          unit: 'kes',
          series: [
            { name: 'Market', values: [100_000, 200_000] },
            { name: 'Shop', values: [50_000, 60_000] },
          ],
        },
      ],
    });
    const files = await pool.render({ document, records: { title: 'Sales records', columns: recordColumns, pages: pagesOf(rows, 1_000) } });

    expect(files.records).toBe(3_000);
    expect(files.xlsx).toBeNull();
    const pages = await pdfText(files.pdf);
    const all = pages.join('\n');
    expectText(all, 'Showing the first 2,000 of 3,000 records; the CSV file holds them all.');
    expectText(all, 'Customer 1999');
    expect(all.includes('Customer 2000'), 'Customer 2000').toBe(false);
    expectText(all, 'Ksh 1,234.50');
    expectText(pages.at(-1), `Page ${pages.length} of ${pages.length}`);

    const lines = csvLines(files.csv);
    expect(lines[0]).toBe(`${BOM}"Date","Customer","Quantity","Total (KES)"`);
    expect(lines[1]).toBe(`2026-01-01,"'=SUM(A1)",1,1234.50`);
    expect(lines[2]).toBe('2026-02-02,"Customer 1",2,-50.00');
    expect(lines[3_000]).toBe('2026-03-04,"Customer 2999",10,1234.50');
    expect(lines).toHaveLength(3_002); // header, 3,000 records and the empty tail after the last CRLF
  });

  it('fails the render when the records fail to read, and keeps serving', async () => {
    async function* failing(): AsyncGenerator<Cell[][]> {
      yield recordRows(10);
      throw new Error('database went away');
    }
    const document = sampleDocument({ reportType: 'detailed', charts: [] });
    await expect(pool.render({ document, records: { title: 'Sales records', columns: recordColumns, pages: failing() } })).rejects.toThrow(
      'database went away',
    );
    const files = await pool.render({ document: sampleDocument({ charts: [] }), records: null });
    expect(files.records).toBe(0);
    expect(new TextDecoder().decode(files.pdf.slice(0, 4))).toBe('%PDF');
  });
});
