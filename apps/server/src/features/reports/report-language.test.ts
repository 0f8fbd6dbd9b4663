import {
  BREED_LABELS,
  calendarWords,
  dayTextIn,
  EXPENSE_CATEGORY_LABELS,
  REPORT_CATEGORY_LABELS,
  REPORT_TYPE_LABELS,
  reportMessages,
  reportWords,
  SALE_CATEGORY_LABELS,
  SALE_TYPE_LABELS,
  SALE_UNIT_LABELS,
  shiftDay,
  type Report,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { valueSymbol } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.js';
import { reportStorageFor, type FileStorage } from '../../integrations/storage/file-storage.js';
import { createTestApp } from '../../test/app.js';
import { farmWithFlock } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';
import { pdfText } from '../../test/pdf-text.js';
import { records } from '../../test/records.js';
import { createReportJobs } from './jobs.js';
import type { RenderPool } from './render/pool.js';
import renderTask, { type RenderResult } from './render/worker.js';

/**
 * Decision 068: a report's files are written in the language of the person who asked for it
 * (their account's, else their request's Accept-Language), kept on the report's row.
 *
 * The app's own jobs render in the built worker (dist); these tests render the same rows again
 * through the worker's task run on this thread, so they read the source as it is now.
 */
const SECRET = 'a-test-secret-of-at-least-32-characters!';
let app: FastifyInstance;
let storage: FileStorage;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kuku-report-language-'));
  app = await createTestApp({ env: { DATA_DIR: dataDir, REPORT_LINK_SECRET: SECRET } });
  storage = await reportStorageFor(dataDir);
});
afterAll(() => storage.close());

type Headers = Record<string, string>;
const start = () => shiftDay(today(), -30);

const sw = wordsIn('sw', reportWords);
const en = reportWords;
const swMonths = wordsIn('sw', calendarWords).shortMonths;

/** The worker's task on this thread: its records posted a page at a time, as the pool does. */
const inThread: RenderPool = {
  threads: 1,
  async render({ document, records: gathered }) {
    const unwrap = (moved: unknown) => (moved as Record<symbol, RenderResult>)[valueSymbol]!;
    if (!gathered) return unwrap(await renderTask({ document, records: null, port: null }));
    const { port1, port2 } = new MessageChannel();
    const result = renderTask({ document, records: { title: gathered.title, columns: gathered.columns }, port: port2 });
    for await (const page of gathered.pages) port1.postMessage(page);
    port1.postMessage(null);
    try {
      return unwrap(await result);
    } finally {
      port1.close();
    }
  },
  close: async () => {},
};

/** A farm with a sale, an expense and eggs in the last month (its flock's name no English word). */
async function farmWithRecords() {
  const farm = await farmWithFlock(app, { name: `Kundi ${crypto.randomUUID().slice(0, 6)}` });
  const write = records(app, farm.headers);
  await write.sale(farm.flock.id, shiftDay(today(), -3), 1234.5);
  await write.expense(farm.flock.id, shiftDay(today(), -2), 500);
  await write.eggs(farm.flock.id, shiftDay(today(), -1), 90);
  return farm;
}

/**
 * Asks for a report as `headers` would, then makes its files again on this thread; answers the
 * report (its links) and the language kept on its row.
 */
async function made(headers: Headers, category: string, reportType: 'summary' | 'detailed', extra: object = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/reports/${category}`,
    headers,
    payload: { start_date: start(), end_date: today(), report_type: reportType, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<Report>();
  await app.reportJobs.idle();
  const [row] = await app.db.update(reports).set({ state: 'generating', attempts: 0, leaseUntil: null }).where(eq(reports.id, id)).returning();
  const jobs = createReportJobs({ db: app.db, storage, pool: inThread, log: app.log, publish: () => {}, concurrency: 1 });
  jobs.enqueue(id);
  await jobs.idle();
  const report = (await app.inject({ method: 'GET', url: `/api/reports/${id}`, headers })).json<Report>();
  expect(report.state, report.failure ?? '').toBe('ready');
  return { report, language: row!.language };
}

const file = async (link: string | null) => {
  const res = await app.inject({ method: 'GET', url: link! });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const pdfOf = async (report: Report) => (await pdfText(await file(report.content))).join(' ');
/** The CSV's header, its quotes taken off. */
const csvHeader = async (report: Report) =>
  new TextDecoder('utf-8')
    .decode(await file(report.csv_content))
    .split('\r\n')[0]!
    .split(',')
    .map((cell) => cell.replace(/^"|"$/g, ''));

/** The plain English words of a words object (nested ones too) that its Kiswahili says otherwise; long enough not to be a name's part. */
function englishOnly(english: object, swahili: object): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    const other = (swahili as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== other && value.length >= 5) found.push(value);
    else if (value && typeof value === 'object' && !Array.isArray(value) && other && typeof other === 'object') found.push(...englishOnly(value, other));
  }
  return found;
}

function expectNoEnglish(text: string, ...groups: (keyof typeof reportWords)[]) {
  for (const group of groups) {
    for (const english of englishOnly(en[group], sw[group])) expect(text, `no English "${english}"`).not.toContain(english);
  }
}

describe('a report in Kiswahili', () => {
  it('keeps the asker’s language on the row: the account’s, else Accept-Language, else English', async () => {
    const { headers } = await farmWithRecords();
    expect((await made({ ...headers, 'accept-language': 'sw-KE,sw;q=0.9' }, 'sales', 'summary')).language).toBe('sw');
    expect((await made(headers, 'sales', 'summary')).language).toBe('en');
    const chosen = await app.inject({ method: 'PUT', url: '/api/auth/language', headers, payload: { language: 'sw' } });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    expect((await made({ ...headers, 'accept-language': 'en' }, 'sales', 'summary')).language).toBe('sw');
  });

  it('writes a sales report’s PDF and CSV in Kiswahili, summary and detailed', async () => {
    const { headers } = await farmWithRecords();
    const ask = { ...headers, 'accept-language': 'sw' };
    const categories = wordsIn('sw', REPORT_CATEGORY_LABELS);
    const types = wordsIn('sw', REPORT_TYPE_LABELS);

    const summary = await made(ask, 'sales', 'summary');
    const text = await pdfOf(summary.report);
    for (const word of [
      sw.document.title(categories.sales, types.summary),
      sw.document.period(dayTextIn(start(), swMonths), dayTextIn(today(), swMonths)),
      sw.document.summary,
      sw.sales.totalRevenue,
      sw.sales.revenueBy(sw.periods.units.day),
      sw.sales.revenueByProduct,
      sw.sales.revenueByFlock,
      sw.sales.shareOfRevenue,
      sw.document.page(1, 2).split(' 2')[0]!,
    ]) {
      expect(text, word).toContain(word);
    }
    expectNoEnglish(text, 'document', 'sales', 'periods');
    expect(await csvHeader(summary.report)).toEqual([sw.document.date, sw.sales.sales, `${sw.sales.paid} (KES)`, `${sw.sales.pending} (KES)`, `${sw.document.total} (KES)`]);

    const detailed = await made(ask, 'sales', 'detailed');
    const records = await pdfOf(detailed.report);
    expect(records).toContain(sw.document.title(categories.sales, types.detailed));
    expect(records).toContain(sw.sales.recordsTitle);
    expect(records).toContain(sw.document.recordsInPeriod(1, '1'));
    expectNoEnglish(records, 'document', 'sales', 'periods');
    expect(await csvHeader(detailed.report)).toEqual([
      sw.document.date,
      sw.sales.refNo,
      sw.document.flock,
      sw.sales.category,
      sw.sales.product,
      sw.sales.quantity,
      sw.sales.unit,
      `${sw.sales.unitPrice} (KES)`,
      `${sw.document.total} (KES)`,
      sw.sales.saleType,
      sw.sales.status,
      sw.sales.customerDescription,
    ]);
  });

  it('writes an egg report’s PDF and CSV in Kiswahili, summary and detailed', async () => {
    const { headers } = await farmWithRecords();
    await app.inject({ method: 'PUT', url: '/api/auth/language', headers, payload: { language: 'sw' } });
    const categories = wordsIn('sw', REPORT_CATEGORY_LABELS);
    const types = wordsIn('sw', REPORT_TYPE_LABELS);

    const summary = await made(headers, 'egg-production', 'summary');
    const text = await pdfOf(summary.report);
    for (const word of [
      sw.document.title(categories.eggProduction, types.summary),
      sw.document.summary,
      sw.eggProduction.eggsCollected,
      sw.eggProduction.layingRate,
      sw.eggProduction.eggsPerDay,
      sw.eggProduction.eggsByFlock,
      sw.eggProduction.adjustmentsByType,
      sw.eggProduction.eggsCollectedPerDay,
    ]) {
      expect(text, word).toContain(word);
    }
    expectNoEnglish(text, 'document', 'eggProduction', 'periods');
    expect(await csvHeader(summary.report)).toEqual(
      expect.arrayContaining([sw.document.date, sw.eggProduction.flocksRecorded, sw.eggProduction.eggsCollected, sw.eggProduction.netEggs, `${sw.eggProduction.layingRate} (%)`]),
    );

    const detailed = await made(headers, 'egg-production', 'detailed');
    const records = await pdfOf(detailed.report);
    expect(records).toContain(sw.eggProduction.recordsTitle);
    expect(records).toContain(sw.eggProduction.adjustmentsTitle);
    expectNoEnglish(records, 'document', 'eggProduction', 'periods');
    expect(await csvHeader(detailed.report)).toEqual([
      sw.document.date,
      sw.document.flock,
      sw.eggProduction.eggsCollected,
      sw.eggProduction.trays,
      sw.eggProduction.looseEggs,
      `${sw.eggProduction.pricePerEgg} (KES)`,
      `${sw.eggProduction.totalValue} (KES)`,
    ]);
  });

  it('says the stored categories, types, units and breeds in Kiswahili, and names the report so', async () => {
    const { headers } = await farmWithRecords();
    const ask = { ...headers, 'accept-language': 'sw' };
    const saleCategories = wordsIn('sw', SALE_CATEGORY_LABELS);

    const sales = await made(ask, 'sales', 'detailed');
    const salesText = await pdfOf(sales.report);
    for (const word of [saleCategories.Manure, wordsIn('sw', SALE_TYPE_LABELS).Cash]) expect(salesText, word).toContain(word);
    const csv = new TextDecoder('utf-8').decode(await file(sales.report.csv_content));
    expect(csv).toContain(saleCategories.Manure);
    expect(csv).toContain(wordsIn('sw', SALE_UNIT_LABELS).Sacks);
    expect(csv).not.toContain(',Cash,');
    // The list's name, as the asker reads it.
    const day = (d: string) => dayTextIn(d, swMonths);
    expect(sales.report.name).toBe(wordsIn('sw', reportMessages).defaultName('sales', 'detailed', day(start()), day(today())));

    const expense = await made(ask, 'expenses', 'detailed', { category: 'Feed' });
    const expenseText = await pdfOf(expense.report);
    expect(expenseText).toContain(wordsIn('sw', EXPENSE_CATEGORY_LABELS).Feed);
    expect(new TextDecoder('utf-8').decode(await file(expense.report.csv_content))).not.toContain(',Feed,');

    const flock = await made(ask, 'flock', 'summary');
    const flockText = await pdfOf(flock.report);
    expect(flockText).toContain(wordsIn('sw', BREED_LABELS).Layers);
    // Feed and cost (decision 071): the laying flock's table under its Kiswahili title, none for broilers.
    expect(flockText).toContain(sw.flock.feedAndCostLayers);
    expect(flockText).not.toContain(en.flock.feedAndCostLayers);
    expect(flockText).not.toContain(sw.flock.feedAndCostBroilers);
  });

  it('names the financial workbook’s sheets and headers in Kiswahili', async () => {
    const { headers } = await farmWithRecords();
    const { report } = await made({ ...headers, 'accept-language': 'sw' }, 'financial', 'summary');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await file(report.xlsx_content)) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([sw.document.summary, sw.financial.byMonth, sw.financial.byFlock]);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe(sw.document.title(wordsIn('sw', REPORT_CATEGORY_LABELS).financial, wordsIn('sw', REPORT_TYPE_LABELS).summary));
    expect(workbook.worksheets[2]!.getRow(1).getCell(1).value).toBe(sw.document.flock);
  });
});

describe('a report in English', () => {
  it('is written as it always was', async () => {
    const { headers } = await farmWithRecords();
    const { report, language } = await made({ ...headers, 'accept-language': 'en-KE' }, 'sales', 'summary');
    expect(language).toBe('en');
    const text = await pdfOf(report);
    for (const word of ['Sales Report (Summary)', 'Period: ', 'Summary', 'Total revenue', 'Revenue by day', 'Revenue by product', 'Page 1 of']) expect(text).toContain(word);
    expect(text).not.toContain(sw.document.summary);
    expect(await csvHeader(report)).toEqual(['Date', 'Sales', 'Paid (KES)', 'Pending (KES)', 'Total (KES)']);
    expect(report.name).toMatch(/^Sales Report \(Summary\) \d\d [A-Z][a-z]{2} \d{4} to \d\d [A-Z][a-z]{2} \d{4}$/);
  });
});
