import { EGGS_PER_TRAY, reportWords, smsParts, SUMMARY_SMS_PARTS_MAX, summaryWords, type SaleCategory, type SummaryPage, type WeeklyFigures, type WeeklySummary } from '@kuku/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, eggAdjustments, eggProductions, expenses, farms, flockBirdCountEvents, flocks, notifications, sales, weeklySummaries } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { addMember, farmWithFlock, mailsTo } from '../../test/factories.js';
import { reportContext } from '../../test/report-context.js';
import type { GatheredReport } from '../reports/document.js';
import { eggProductionReport } from '../reports/gather/eggs.js';
import { expenseReport } from '../reports/gather/expenses.js';
import { salesReport } from '../reports/gather/sales.js';
import { listDebtors } from '../sales/debtors.js';
import { createWeeklySummaries } from './jobs.js';
import { summaryMail, summaryText } from './mail.js';
import { weekFigures } from './service.js';

/**
 * Decision 078: a week's figures on hand-made data equal what the egg, sales and expense reports
 * and the debtors screen answer for the same days; the Monday job makes one summary a farm a week
 * however many runs; the routes are the owner's (the auditor reads); the SMS digest fits 2 parts.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

type Farm = Awaited<ReturnType<typeof farmWithFlock>>;
const WEEK = '2025-02-10';
const SUNDAY = '2025-02-16';
const ZONE = 'Africa/Nairobi';
/** An instant on the farm's clock (Nairobi is UTC+3 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

const UNITS: Record<SaleCategory, string> = { 'Egg Sales': 'Crates', Chicks: 'Chicks', 'Layer Mash': 'Kg', Manure: 'Sacks', 'Live Birds': 'Birds', 'Dressed Birds': 'Kg', 'Culled Hens': 'Birds', Other: 'Trays' };
let ref = 1;
async function sell(f: Farm, date: string, category: SaleCategory, quantity: number, unitPriceCents: number, status: 'paid' | 'pending' = 'paid', description: string | null = null) {
  await app.db.insert(sales).values({
    farmId: f.farm.id,
    flockId: f.flock.id,
    createdBy: f.user.id,
    refNo: ref++,
    category,
    product: category,
    quantity,
    unit: UNITS[category],
    unitPriceCents,
    amountCents: Math.round(quantity * unitPriceCents),
    date,
    saleType: status === 'paid' ? 'Cash' : 'Credit',
    status,
    description,
  });
}

/** A farm of hand-made records around the week of 10-16 Feb 2025, made on 1 Jan 2025. */
async function handMadeFarm(): Promise<Farm> {
  const f = await farmWithFlock(app, { name: 'Layers A', bird_count: 200, initial_bird_count: 200 });
  const { farm, flock, user } = f;
  await app.db.update(farms).set({ createdAt: at('2025-01-01', '08:00') }).where(eq(farms.id, farm.id));
  await app.db.update(flocks).set({ createdAt: at('2025-01-01', '08:00') }).where(eq(flocks.id, flock.id));
  // The flock's first count (its creation's event) goes back with it.
  await app.db.update(flockBirdCountEvents).set({ createdAt: at('2025-01-01', '08:00') }).where(eq(flockBirdCountEvents.flockId, flock.id));
  const eggs = (day: string, n: number) => ({ farmId: farm.id, flockId: flock.id, createdBy: user.id, dateProduced: day, eggsCollected: n, pricePerUnitCents: 0, totalRevenueCents: 0 });
  // The day before and after the week count nowhere in it; Sunday's eggs do.
  await app.db.insert(eggProductions).values([eggs('2025-02-09', 999), eggs(WEEK, 150), eggs('2025-02-11', 160), eggs('2025-02-13', 155), eggs(SUNDAY, 170), eggs('2025-02-17', 999)]);
  await app.db.insert(eggAdjustments).values([
    { farmId: farm.id, flockId: flock.id, createdBy: user.id, adjustmentType: 'breakage', eggsAdjusted: 12, dateAdjusted: '2025-02-12' },
    { farmId: farm.id, flockId: flock.id, createdBy: user.id, adjustmentType: 'consumption', eggsAdjusted: 6, dateAdjusted: SUNDAY },
    { farmId: farm.id, flockId: flock.id, createdBy: user.id, adjustmentType: 'giveaway', eggsAdjusted: 30, dateAdjusted: '2025-02-17' },
  ]);
  await sell(f, WEEK, 'Egg Sales', 10, 45_000);
  await sell(f, '2025-02-14', 'Egg Sales', 4, 45_000, 'pending', 'Mama Wanjiku');
  await sell(f, SUNDAY, 'Manure', 2, 20_050);
  await sell(f, '2025-02-09', 'Egg Sales', 50, 45_000, 'pending', 'Old debt');
  await sell(f, '2025-02-17', 'Egg Sales', 50, 45_000);
  const spend = (date: string, amountCents: number, category: 'Feed' | 'Vet' | 'Transport') =>
    ({ farmId: farm.id, flockId: flock.id, createdBy: user.id, date, amountCents, category, description: category });
  await app.db.insert(expenses).values([spend('2025-02-03', 500_000, 'Feed'), spend('2025-02-11', 320_000, 'Feed'), spend('2025-02-15', 45_000, 'Vet'), spend(SUNDAY, 5_000, 'Transport'), spend('2025-02-18', 900_000, 'Feed')]);
  await app.db.insert(budgets).values({ farmId: farm.id, flockId: flock.id, createdBy: user.id, year: 2025, month: 2, amountCents: 800_000 });
  // Birds: 200 at the start; 3 died and 5 culled in the week, 2 died after it (the flock now has 190).
  const event = (createdAt: Date, reason: 'mortality' | 'culled', delta: number, countAfter: number) => ({ farmId: farm.id, flockId: flock.id, createdBy: user.id, reason, delta, countAfter, createdAt });
  await app.db.insert(flockBirdCountEvents).values([
    event(at(WEEK, '00:10'), 'mortality', -3, 197),
    event(at(SUNDAY, '23:50'), 'culled', -5, 192),
    event(at('2025-02-17', '00:05'), 'mortality', -2, 190),
  ]);
  await app.db.update(flocks).set({ birdCount: 190 }).where(eq(flocks.id, flock.id));
  return f;
}

const figure = (report: GatheredReport, label: string) => {
  const found = report.document.summary.find((s) => s.label === label);
  if (!found) throw new Error(`no figure ${label}`);
  return found.value;
};

describe('a week of figures', () => {
  let f: Farm;
  let figures: WeeklyFigures;
  beforeAll(async () => {
    f = await handMadeFarm();
    figures = await weekFigures(app.db, { id: f.farm.id, name: 'Shamba la Baraka', timeZone: ZONE }, WEEK, SUNDAY);
  });

  it('counts the week by hand', () => {
    expect(figures.eggs.collected).toBe(150 + 160 + 155 + 170);
    expect(figures.eggs.per_day.map((d) => d.eggs)).toEqual([150, 160, 0, 155, 0, 0, 170]);
    expect(figures.eggs.written_off).toBe(18);
    expect(figures.eggs.sold_trays).toBe(14);
    expect(figures.eggs.sold_eggs).toBe(14 * EGGS_PER_TRAY);
    expect(figures.eggs.kept_eggs).toBe(635 - 18 - 420);
    expect(figures.sales).toMatchObject({ count: 3, total_cents: 450_000 + 180_000 + 40_100, paid_cents: 490_100, pending_cents: 180_000 });
    expect(figures.expenses).toMatchObject({ count: 3, total_cents: 370_000, month: '2025-02', budget_cents: 800_000, budget_spent_cents: 870_000, over_budget_flocks: 1 });
    expect(figures.expenses.by_category).toEqual([
      { category: 'Feed', amount_cents: 320_000 },
      { category: 'Vet', amount_cents: 45_000 },
      { category: 'Transport', amount_cents: 5_000 },
    ]);
    expect(figures.birds).toEqual({ alive: 192, deaths: 3, sold: 0, culled: 5, added: 0 });
    expect(figures.feed).toMatchObject({ records: 0, used_kg: 0, cost_cents: 0 });
  });

  it('carries the balance checks of the same days (decision 077)', () => {
    const eggs = figures.balances?.find((l) => l.kind === 'eggs');
    expect(eggs).toMatchObject({ came_in: 635, went_out: 14 * EGGS_PER_TRAY + 18, counted: null, difference: null, beyond_margin: false });
    expect(eggs?.expected).toBe((eggs?.opening ?? 0) + 635 - 438);
    const birds = figures.balances?.find((l) => l.kind === 'birds');
    expect(birds).toMatchObject({ name: 'Layers A', expected: 192, went_out: 8 });
  });

  it('equals the egg, sales and expense reports and the debtors screen for the same days', async () => {
    const ask = (category: 'eggProduction' | 'sales' | 'expense') => reportContext(f.farm.id, { category, start: WEEK, end: SUNDAY });
    const w = reportWords;
    const eggs = await eggProductionReport.gather(app.db, ask('eggProduction'));
    expect(figures.eggs.collected).toBe(figure(eggs, w.eggProduction.eggsCollected));
    expect(figures.eggs.written_off).toBe(figure(eggs, w.eggProduction.eggsAdjusted));
    const sold = await salesReport.gather(app.db, ask('sales'));
    expect(figures.sales.total_cents).toBe(figure(sold, w.sales.totalRevenue));
    expect(figures.sales.paid_cents).toBe(figure(sold, w.sales.paid));
    expect(figures.sales.pending_cents).toBe(figure(sold, w.sales.pendingNotPaid));
    expect(figures.sales.count).toBe(figure(sold, w.sales.numberOfSales));
    expect(figures.eggs.sold_trays).toBe(figure(sold, w.sales.eggCratesSold));
    const spent = await expenseReport.gather(app.db, ask('expense'));
    expect(figures.expenses.total_cents).toBe(figure(spent, w.expense.totalSpent));
    expect(figures.expenses.count).toBe(figure(spent, w.expense.numberOfExpenses));
    const debtors = await listDebtors(app.db, { farmId: f.farm.id, timeZone: ZONE });
    expect(figures.sales.owed_cents).toBe(debtors.total_owed_cents);
    expect(figures.sales.owed_cents).toBe(180_000 + 50 * 45_000);
    expect(figures.sales.buyers_owing).toBe(2);
  });

  it('says it in an SMS of at most 2 parts of GSM-7, in English and Kiswahili', () => {
    const long = { ...figures, farm_name: 'Shamba la Baraka na Wanawe Limited', balances: [
      { kind: 'eggs' as const, name: '', unit: 'eggs', opening: 1200, came_in: 635, went_out: 438, expected: 1397, counted: 1350, difference: -47, beyond_margin: true },
      { kind: 'feed' as const, name: 'Layers mash', unit: 'kg', opening: 700, came_in: 0, went_out: 350, expected: 350, counted: 300, difference: -50, beyond_margin: true },
      { kind: 'birds' as const, name: 'Layers A', unit: 'birds', opening: 200, came_in: 0, went_out: 8, expected: 192, counted: 190, difference: -2, beyond_margin: true },
    ] };
    // A name GSM-7 cannot carry, and names too long for 2 parts.
    const awkward = {
      ...long,
      farm_name: 'Kuku Café 🐔 Ñyeri “Best” Farm of the Highlands',
      balances: long.balances.map((l) => ({ ...l, name: l.name === '' ? '' : `${l.name} — très long nom d’article ${'x'.repeat(60)}` })),
    };
    for (const language of ['en', 'sw'] as const) {
      for (const f of [figures, long, awkward]) {
        const text = summaryText(f, language);
        const parts = smsParts(text);
        expect(parts.encoding, text).toBe('GSM-7');
        expect(parts.parts, text).toBeLessThanOrEqual(SUMMARY_SMS_PARTS_MAX);
      }
    }
    expect(summaryText(long, 'sw')).toContain('mayai 635');
  });

  it('renders a mail in both languages: HTML without scripts or images, and a text part', () => {
    for (const language of ['en', 'sw'] as const) {
      const mail = summaryMail({ ...figures, farm_name: 'Baraka <&> "farm"' }, language, 'https://kuku.example/weekly-summaries?week=2025-02-10');
      expect(mail.html).not.toMatch(/<script|<img|<link|url\(/i);
      expect(mail.html).toContain('Baraka &#60;&#38;&#62; &#34;farm&#34;');
      expect(mail.text).toContain('635');
      expect(mail.subject).toContain('Baraka');
    }
  });
});

describe('the Monday job', () => {
  it('makes one summary a farm a week, however many runs, and tells the owners once', async () => {
    const f = await handMadeFarm();
    const auditor = await addMember(app, f.farm, 'auditor');
    const jobs = [1, 2].map(() => createWeeklySummaries({ db: app.db, notifier: app.notifier, log: app.log, publicUrl: 'https://kuku.example' }));
    // Sunday night on the farm: nothing yet; Monday 06:59 nothing; Monday 07:05 last week's.
    await Promise.all(jobs.map((j) => j.run(at(SUNDAY, '22:00'))));
    await Promise.all(jobs.map((j) => j.run(at('2025-02-17', '06:59'))));
    const mine = () => app.db.select().from(weeklySummaries).where(eq(weeklySummaries.farmId, f.farm.id)).orderBy(weeklySummaries.weekStart);
    // On Sunday the week before (3-9 Feb) was due already, caught up; the week of the 10th waits for Monday 07:00.
    expect((await mine()).map((r) => r.weekStart)).toEqual(['2025-02-03']);
    await Promise.all(jobs.map((j) => j.run(at('2025-02-17', '07:05'))));
    await Promise.all(jobs.map((j) => j.run(at('2025-02-18', '09:00'))));
    const rows = await mine();
    expect(rows.map((r) => r.weekStart)).toEqual(['2025-02-03', WEEK]);
    expect(rows[1]).toMatchObject({ weekStart: WEEK, partial: false });
    expect(rows[1]?.figures.eggs.collected).toBe(635);
    const told = await app.db.select().from(notifications).where(and(eq(notifications.farmId, f.farm.id), eq(notifications.sourceKey, `weekly_summary:${WEEK}`)));
    expect(told.map((n) => n.userId)).toEqual([f.user.id]);
    expect(told.map((n) => n.userId)).not.toContain(auditor.user.id);
  });
});

describe('the routes', () => {
  it('makes the week so far for the owner, lists and opens it; the auditor reads; a worker and a manager are refused', async () => {
    const f = await farmWithFlock(app);
    const auditor = await addMember(app, f.farm, 'auditor');
    const worker = await addMember(app, f.farm, 'worker');
    const manager = await addMember(app, f.farm, 'manager');
    const made = await app.inject({ method: 'POST', url: '/api/summaries/current', headers: f.headers });
    expect(made.statusCode, made.body).toBe(201);
    const summary = made.json<WeeklySummary>();
    expect(summary.partial).toBe(true);
    expect(summary.figures.birds.alive).toBe(100);
    // Mailed to the owner who asked (the weekly summary's mail is on by default), as the summary itself.
    const mails = await mailsTo(app, f.user.email);
    expect(mails[0]?.subject).toContain(': the week of ');
    expect(mails[0]?.html).toContain(summaryWords.eggsADay);
    // Asked again, the same week's row is made anew.
    const again = await app.inject({ method: 'POST', url: '/api/summaries/current', headers: f.headers });
    expect(again.json<WeeklySummary>().id).toBe(summary.id);
    const list = await app.inject({ method: 'GET', url: '/api/summaries', headers: auditor.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<SummaryPage>()).toMatchObject({ total: 1, items: [{ week_start: summary.week_start, partial: true }] });
    const one = await app.inject({ method: 'GET', url: `/api/summaries/${summary.id}`, headers: auditor.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json<WeeklySummary>().figures.week_start).toBe(summary.week_start);
    for (const who of [worker, manager]) {
      expect((await app.inject({ method: 'GET', url: '/api/summaries', headers: who.headers })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/summaries/current', headers: who.headers })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: '/api/summaries/current', headers: auditor.headers })).statusCode).toBe(403);
  });

  it('refuses a bad id with a clear message, and another farm\u2019s summary is not found', async () => {
    const f = await farmWithFlock(app);
    const other = await farmWithFlock(app);
    const made = await app.inject({ method: 'POST', url: '/api/summaries/current', headers: other.headers });
    const id = made.json<WeeklySummary>().id;
    for (const bad of ['2025-02-10', '0', '-1', 'x', '1.5']) {
      const res = await app.inject({ method: 'GET', url: `/api/summaries/${bad}`, headers: f.headers });
      expect([400, 404], bad).toContain(res.statusCode);
      expect(res.body).toContain('There is no summary of that week.');
    }
    const theirs = await app.inject({ method: 'GET', url: `/api/summaries/${id}`, headers: f.headers });
    expect(theirs.statusCode).toBe(404);
    const none = await app.inject({ method: 'GET', url: '/api/summaries?page=0', headers: f.headers });
    expect(none.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/summaries', headers: f.headers })).json<SummaryPage>().total).toBe(0);
  });
});
