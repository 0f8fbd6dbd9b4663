import { lastWeekStart, reportWords, weekEndOf } from '@kuku/domain';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedFarmData } from '../../scripts/farm-data.js';
import { createTestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { today } from '../../test/farm-days.js';
import { reportContext } from '../../test/report-context.js';
import { feedDaysOfFarm } from '../feed/days-left.js';
import type { GatheredReport } from '../reports/document.js';
import { eggProductionReport } from '../reports/gather/eggs.js';
import { expenseReport } from '../reports/gather/expenses.js';
import { salesReport } from '../reports/gather/sales.js';
import { listDebtors } from '../sales/debtors.js';
import { balanceChecks } from '../stock-counts/balances.js';
import { DEMO_SUMMARY_WEEKS, seedDemoSummaries } from '../../scripts/farm-data/summaries.js';
import { listSummaries, weekFigures } from './service.js';

/**
 * Decision 078 on a demo farm (the seed's year of records): last week's summary says what the egg,
 * sales and expense reports, the debtors screen, the feed days left and the balance checks answer
 * for the same days.
 */
let app: FastifyInstance;
let farmId: number;
const ZONE = 'Africa/Nairobi';

beforeAll(async () => {
  app = await createTestApp();
  const owner = await createUser(app);
  farmId = owner.farm.id;
  await seedFarmData(app.db, farmId, owner.user.id, { flocks: 3, years: 1, extraVaccinationsPerFlock: 0 });
});

const figure = (report: GatheredReport, label: string) => {
  const found = report.document.summary.find((s) => s.label === label);
  if (!found) throw new Error(`no figure ${label}`);
  return found.value;
};

describe("last week's summary of a demo farm", () => {
  it('equals the reports, the debtors screen, the feed days left and the balance checks of the same days', async () => {
    const start = lastWeekStart(today());
    const end = weekEndOf(start);
    const f = await weekFigures(app.db, { id: farmId, name: 'Mwangaza Poultry', timeZone: ZONE }, start, end);
    expect(f.eggs.collected).toBeGreaterThan(0);
    expect(f.sales.count).toBeGreaterThan(0);
    const ask = (category: 'eggProduction' | 'sales' | 'expense') => reportContext(farmId, { category, start, end });
    const w = reportWords;
    const eggs = await eggProductionReport.gather(app.db, ask('eggProduction'));
    expect(f.eggs.collected).toBe(figure(eggs, w.eggProduction.eggsCollected));
    expect(f.eggs.written_off).toBe(figure(eggs, w.eggProduction.eggsAdjusted));
    const sales = await salesReport.gather(app.db, ask('sales'));
    expect(f.sales.total_cents).toBe(figure(sales, w.sales.totalRevenue));
    expect(f.sales.paid_cents).toBe(figure(sales, w.sales.paid));
    expect(f.sales.pending_cents).toBe(figure(sales, w.sales.pendingNotPaid));
    expect(f.eggs.sold_trays).toBe(figure(sales, w.sales.eggCratesSold));
    const spent = await expenseReport.gather(app.db, ask('expense'));
    expect(f.expenses.total_cents).toBe(figure(spent, w.expense.totalSpent));
    expect(f.expenses.count).toBe(figure(spent, w.expense.numberOfExpenses));
    const scope = { farmId, timeZone: ZONE };
    expect(f.sales.owed_cents).toBe((await listDebtors(app.db, scope)).total_owed_cents);
    expect(f.feed.days_left).toBe((await feedDaysOfFarm(app.db, scope)).days_left);
    const checks = await balanceChecks(app.db, farmId, { start, end });
    const eggLine = f.balances?.find((l) => l.kind === 'eggs');
    expect(eggLine?.expected).toBe(checks.eggs.closing);
    expect(eggLine?.came_in).toBe(f.eggs.collected);
    expect(f.balances?.filter((l) => l.kind === 'birds')).toHaveLength(checks.birds.length);
  });

  it('seeds the demo farm\u2019s last weeks once, newest first in the list', async () => {
    expect(await seedDemoSummaries(app.db, farmId)).toBe(DEMO_SUMMARY_WEEKS);
    expect(await seedDemoSummaries(app.db, farmId)).toBe(0);
    const listed = await listSummaries(app.db, farmId, { page: 1, pageSize: 10, order: 'asc', sort: 'week' });
    expect(listed.total).toBe(DEMO_SUMMARY_WEEKS);
    expect(listed.items[0]?.week_start).toBe(lastWeekStart(today()));
    expect(listed.items.every((i) => i.gaps !== null)).toBe(true);
  });
});
