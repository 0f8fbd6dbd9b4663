import { dayText, REPORT_KEEP_DAYS, REPORT_LINK_SECONDS, REPORT_QUEUE_MAX, reportMessages as m, shiftDay, type Report, type ReportPage } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { farmWithFlock } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';
import { records, written } from '../../test/records.js';
import { AppError } from '../../app-error.js';
import { reportStorageFor } from '../../integrations/storage/file-storage.js';
import { createReportJobs, pruneOldReports } from './jobs.js';
import { signedFileLink } from './links.js';
import type { RenderPool } from './render/pool.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kuku-reports-test-'));
  app = await createTestApp({ env: { DATA_DIR: dataDir, REPORT_LINK_SECRET: SECRET } });
});

type Headers = Record<string, string>;
const start = () => shiftDay(today(), -30);
const end = () => today();

/** A farm with a sale, an expense and eggs in the last month. */
async function farmWithRecords() {
  const farm = await farmWithFlock(app);
  const write = records(app, farm.headers);
  await write.sale(farm.flock.id, shiftDay(today(), -3), 1234.5);
  await write.expense(farm.flock.id, shiftDay(today(), -2), 500);
  await write.eggs(farm.flock.id, shiftDay(today(), -1), 90);
  return farm;
}

const post = (headers: Headers, category: string, payload: object, extra: Headers = {}) =>
  app.inject({ method: 'POST', url: `/api/reports/${category}`, headers: { ...headers, ...extra }, payload });

async function generated(headers: Headers, category: string, payload: object = {}): Promise<Report> {
  const res = await post(headers, category, { start_date: start(), end_date: end(), ...payload });
  expect(res.statusCode, res.body).toBe(201);
  await app.reportJobs.idle();
  const again = await app.inject({ method: 'GET', url: `/api/reports/${res.json<Report>().id}`, headers });
  expect(again.statusCode, again.body).toBe(200);
  return again.json<Report>();
}

const list = async (headers: Headers, query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/reports${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportPage>();
};

/** A file link, opened as a browser would: no token. */
const open = (link: string) => app.inject({ method: 'GET', url: link });

describe('POST /api/reports/:category', () => {
  it('answers at once with the report generating, then it turns ready with a PDF and a CSV', async () => {
    const { headers, user } = await farmWithRecords();
    const res = await post(headers, 'sales', { start_date: start(), end_date: end(), user_id: 999999, report_type: 'Detailed' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Report>();
    expect(created).toMatchObject({ state: 'generating', category: 'sales', report_type: 'detailed', user_id: user.id, content: null });
    expect(created.name).toBe(`Sales Report (Detailed) ${dayText(start())} to ${dayText(end())}`);

    await app.reportJobs.idle();
    const ready = (await list(headers)).items[0]!;
    expect(ready).toMatchObject({ id: created.id, state: 'ready', failure: null });
    expect(ready.size_bytes).toBeGreaterThan(1000);
    expect(ready.content).toMatch(/^\/api\/reports\/\d+\/file\?format=pdf&exp=\d+&sig=/);
    expect(ready.xlsx_content).toBeNull();

    const pdf = await open(ready.content!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${created.name}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await open(ready.csv_content!);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('makes each category at its product path, the financial one with an Excel workbook', async () => {
    const { headers, flock } = await farmWithRecords();
    await written(app, headers, 'POST', '/api/inventory', { item_name: 'Layers mash', flock_id: flock.id, quantity: 10, unit: 'bags', cost_per_unit: 50, reorder_level: 2 });
    for (const category of ['flock', 'egg-production', 'expenses', 'inventory']) {
      const report = await generated(headers, category);
      expect(report.state, `${category}: ${report.failure}`).toBe('ready');
    }
    const financial = await generated(headers, 'financial', { flock_id: flock.id });
    expect(financial).toMatchObject({ state: 'ready', category: 'financial', flock_id: flock.id });
    const xlsx = await open(financial.xlsx_content!);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const { headers, farm } = await farmWithRecords();
    const other = await farmWithFlock(app);
    const cases: [string, object, number, string][] = [
      ['sales', { end_date: end() }, 400, m.datesRequired],
      ['sales', { start_date: end(), end_date: start() }, 400, m.startAfterEnd],
      ['sales', { start_date: end(), end_date: end() }, 400, m.singleDay],
      ['sales', { start_date: '1920-01-01', end_date: '2020-01-01' }, 400, m.rangeTooLong],
      ['sales', { start_date: 'yesterday', end_date: end() }, 400, m.dateInvalid],
      ['sales', { start_date: start(), end_date: end(), report_type: 'everything' }, 400, m.typeInvalid],
      ['widgets', { start_date: start(), end_date: end() }, 404, 'No such path: POST /api/reports/widgets'],
      ['financial', { start_date: start(), end_date: end(), flock_id: other.flock.id }, 404, ''],
      ['financial', { start_date: start(), end_date: end(), flock_id: 'x' }, 400, m.flockInvalid],
      ['sales', { start_date: start(), end_date: end(), name: 'x'.repeat(200) }, 400, m.nameInvalid],
    ];
    for (const [category, payload, status, message] of cases) {
      const res = await post(headers, category, payload);
      expect(res.statusCode, `${category} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      if (message) expect(res.body).toContain(message);
    }
    const rows = await app.db.select().from(reports).where(eq(reports.farmId, farm.id));
    expect(rows).toHaveLength(0);
  });

  it('answers insufficient data for a category with nothing in the range', async () => {
    const { headers } = await farmWithRecords();
    const res = await post(headers, 'sales', { start_date: '2020-01-01', end_date: '2020-02-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(m.noRecords('sales', '2020-01-01', '2020-02-01'));
    expect((await list(headers)).total).toBe(0);
  });

  it('makes one report for a repeated Idempotency-Key', async () => {
    const { headers } = await farmWithRecords();
    const key = { 'idempotency-key': `report-${crypto.randomUUID()}` };
    const first = await post(headers, 'sales', { start_date: start(), end_date: end() }, key);
    const second = await post(headers, 'sales', { start_date: start(), end_date: end() }, key);
    expect(second.json<Report>().id).toBe(first.json<Report>().id);
    await app.reportJobs.idle();
    expect((await list(headers)).total).toBe(1);
  });

  it('keeps a typed name as the name only: the file name is made safe and the files stay in the farm folder', async () => {
    const { headers, farm } = await farmWithRecords();
    const report = await generated(headers, 'sales', { name: '../../etc/passwd' });
    expect(report.name).toBe('../../etc/passwd');
    const pdf = await open(report.content!);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename=etc-passwd.pdf');
    const files = await readdir(path.join(dataDir, 'reports', String(farm.id)));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(file).toMatch(/^[0-9a-f-]{36}\.(pdf|csv)$/);
  });
});

describe('the Recent Reports list', () => {
  it('pages 5 at a time, newest first, searches name, category and type, and shows only the farm’s own', async () => {
    const { headers, user } = await farmWithRecords();
    const other = await farmWithRecords();
    await generated(other.headers, 'sales');
    for (const category of ['sales', 'expenses', 'egg-production', 'sales', 'flock', 'expenses']) {
      await post(headers, category, { start_date: start(), end_date: end(), report_type: category === 'flock' ? 'detailed' : 'summary' });
    }
    await app.reportJobs.idle();
    const first = await list(headers);
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 5 });
    expect(first.items.map((r) => r.category)).toEqual(['expense', 'flock', 'sales', 'eggProduction', 'expense']);
    expect((await list(headers, '?page=2')).items.map((r) => r.category)).toEqual(['sales']);
    expect((await list(headers, '?q=expense')).total).toBe(2);
    expect((await list(headers, '?q=DETAILED')).total).toBe(1);
    expect((await list(headers, '?q=Egg%20Production')).total).toBe(1);

    const byUser = await app.inject({ method: 'GET', url: `/api/reports/user/${user.id}`, headers });
    expect(byUser.json<ReportPage>().total).toBe(6);
    const otherUser = await app.inject({ method: 'GET', url: `/api/reports/user/${other.user.id}`, headers });
    expect(otherUser.statusCode).toBe(404);
  });
});

describe('GET and DELETE /api/reports/:id', () => {
  it('hides another farm’s report, deletes once with its files, then answers 404', async () => {
    const { headers, farm } = await farmWithRecords();
    const other = await farmWithRecords();
    const report = await generated(headers, 'sales');
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/reports/${report.id}`, headers: other.headers });
      expect(res.statusCode).toBe(404);
    }
    const folder = path.join(dataDir, 'reports', String(farm.id));
    const before = await readdir(folder);
    const gone = await app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers });
    expect(gone.statusCode).toBe(204);
    expect((await readdir(folder)).length).toBe(before.length - 2);
    expect((await app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers })).statusCode).toBe(404);
    expect((await open(report.content!)).statusCode).toBe(403);
  });
});

describe('GET /api/reports/:id/file (the signed link)', () => {
  it('refuses an altered, expired or borrowed link with 403, without a token needed for a good one', async () => {
    const { headers, farm } = await farmWithRecords();
    const other = await farmWithRecords();
    const report = await generated(headers, 'sales');
    const theirs = await generated(other.headers, 'sales');
    const secret = Buffer.from(SECRET);
    expect((await open(report.content!)).statusCode).toBe(200);

    const url = new URL(report.content!, 'http://x');
    const altered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const expired = signedFileLink(secret, { id: report.id, farmId: farm.id, format: 'pdf' }, Date.now() - (REPORT_LINK_SECONDS + 5) * 1000);
    const refused = [
      altered('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`),
      altered('exp', String(Number(url.searchParams.get('exp')) + 60)),
      altered('format', 'csv'),
      `${url.pathname.replace(String(report.id), String(theirs.id))}${url.search}`,
      `/api/reports/${report.id}/file`,
      expired,
    ];
    for (const link of refused) {
      const res = await open(link);
      expect(res.statusCode, link).toBe(403);
      expect(res.body).toContain(m.linkRefused);
    }
    expect((await open(`/api/reports/${report.id}/file?format=exe&exp=1&sig=x`)).statusCode).toBe(400);
    // A link for a file the report does not have (a sales report has no workbook).
    const noWorkbook = signedFileLink(secret, { id: report.id, farmId: farm.id, format: 'xlsx' });
    expect((await open(noWorkbook)).statusCode).toBe(404);
  });
});

describe('report jobs', () => {
  it("takes jobs in turn across farms: one farm's 20 waiting reports hold up another's by one job at most", async () => {
    const a = await farmWithRecords();
    const b = await farmWithRecords();
    const storage = await reportStorageFor('memory://');
    const quick: RenderPool = { threads: 1, render: async () => ({ pdf: new Uint8Array([1]), csv: new Uint8Array([2]), xlsx: null, records: 0 }), close: async () => {} };
    const done: number[] = [];
    const jobs = createReportJobs({ db: app.db, storage, pool: quick, log: app.log, publish: (farmId) => done.push(farmId), concurrency: 1 });
    const row = (farm: typeof a, n: number) => ({ farmId: farm.farm.id, createdBy: farm.user.id, name: `queued ${n}`, category: 'sales' as const, reportType: 'summary' as const, startDate: start(), endDate: end() });
    // Written as 20 posts of farm A and then B's would be, each announced to the jobs in that order.
    const queued = await app.db.insert(reports).values([...Array.from({ length: 20 }, (_, n) => row(a, n)), row(b, 20)]).returning({ id: reports.id });
    for (const { id } of queued) jobs.enqueue(id);
    await jobs.idle();
    expect(done).toHaveLength(21);
    expect(done.slice(0, 2)).toContain(b.farm.id);
    await storage.close();
  });

  it('keeps at most REPORT_QUEUE_MAX of a farm\'s reports waiting: the next is 429 in the report words, other farms unaffected', async () => {
    const a = await farmWithRecords();
    const b = await farmWithRecords();
    const waiting = { farmId: a.farm.id, createdBy: a.user.id, category: 'sales' as const, reportType: 'summary' as const, startDate: start(), endDate: end(), leaseUntil: new Date(Date.now() + 600_000) };
    // Five being made by another process (their lease runs): the farm's queue is full.
    await app.db.insert(reports).values(Array.from({ length: REPORT_QUEUE_MAX }, (_, n) => ({ ...waiting, name: `busy ${n}` })));
    const before = (await list(a.headers)).total;
    const sixth = await post(a.headers, 'sales', { start_date: start(), end_date: end() });
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json().error.message).toBe(m.queueFull);
    expect((await list(a.headers)).total).toBe(before);
    expect((await post(b.headers, 'sales', { start_date: start(), end_date: end() })).statusCode).toBe(201);
    await app.reportJobs.idle();
    // One finishes: the farm may ask again.
    await app.db.update(reports).set({ state: 'failed', failure: 'x' }).where(eq(reports.name, 'busy 0'));
    expect((await post(a.headers, 'sales', { start_date: start(), end_date: end() })).statusCode).toBe(201);
    await app.reportJobs.idle();
    await app.db.delete(reports).where(eq(reports.farmId, a.farm.id));
  });

  it(`prunes reports older than REPORT_KEEP_DAYS with their files, and keeps the rest`, async () => {
    const { headers, farm } = await farmWithRecords();
    const old = await generated(headers, 'sales');
    const recent = await generated(headers, 'expenses');
    const [oldRow] = await app.db.select().from(reports).where(eq(reports.id, old.id));
    const files = () => readdir(path.join(dataDir, 'reports', String(farm.id)));
    expect(await files()).toEqual(expect.arrayContaining([oldRow!.pdfKey, oldRow!.csvKey]));
    await app.db.update(reports).set({ createdAt: new Date(Date.now() - (REPORT_KEEP_DAYS + 1) * 86_400_000) }).where(eq(reports.id, old.id));
    const storage = await reportStorageFor(dataDir);
    expect(await pruneOldReports(app.db, storage)).toBe(1);
    expect((await list(headers)).items.map((r) => r.id)).toEqual([recent.id]);
    const left = await files();
    expect(left).not.toContain(oldRow!.pdfKey);
    expect(left).not.toContain(oldRow!.csvKey);
    expect(left.length).toBeGreaterThan(0);
  });

  it('takes again a job whose process stopped, and fails one tried too often', async () => {
    const { farm, user, headers } = await farmWithRecords();
    const past = new Date(Date.now() - 60_000);
    const base = { farmId: farm.id, createdBy: user.id, category: 'sales' as const, reportType: 'summary' as const, startDate: start(), endDate: end(), leaseUntil: past };
    const [left] = await app.db.insert(reports).values({ ...base, name: 'left behind', attempts: 1 }).returning();
    const [tired] = await app.db.insert(reports).values({ ...base, name: 'tried thrice', attempts: 3 }).returning();
    app.reportJobs.start();
    await expect.poll(async () => (await list(headers)).items.filter((r) => r.state !== 'generating').length, { timeout: 15_000 }).toBe(2);
    const items = (await list(headers)).items;
    expect(items.find((r) => r.id === left!.id)).toMatchObject({ state: 'ready' });
    expect(items.find((r) => r.id === tired!.id)).toMatchObject({ state: 'failed', failure: m.interrupted });
  });

  it('marks a report failed with a farmer’s reason when rendering fails, and deletes nothing', async () => {
    const { farm, user, headers } = await farmWithRecords();
    const storage = await reportStorageFor('memory://');
    const failing = (error: Error): RenderPool => ({ threads: 1, render: () => Promise.reject(error), close: async () => {} });
    const insert = async (name: string) =>
      (await app.db.insert(reports).values({ farmId: farm.id, createdBy: user.id, name, category: 'sales', reportType: 'summary', startDate: start(), endDate: end() }).returning())[0]!;
    for (const [error, reason] of [
      [new Error('pdfmake ran out of memory'), m.renderFailed],
      [new AppError('rule_broken', 'Too many flocks for one page.'), 'Too many flocks for one page.'],
    ] as const) {
      const jobs = createReportJobs({ db: app.db, storage, pool: failing(error), log: app.log, publish: () => {}, concurrency: 1 });
      const row = await insert(reason);
      jobs.enqueue(row.id);
      await jobs.idle();
      const failed = (await list(headers)).items.find((r) => r.id === row.id);
      expect(failed).toMatchObject({ state: 'failed', failure: reason, content: null });
    }
    await storage.close();
  });
});
