import {
  ageGroup,
  centsToShillings,
  currentAgeWeeks,
  DASHBOARD_OVERVIEW_FLOCKS,
  dashboardEggDays,
  dashboardWeekOfSlot,
  dashboardWeeks,
  dashboardMessages,
  mortalityRate,
  saleTrendMonths,
  type Dashboard,
  type DashboardFlockLine,
  type FlockStatus,
  type OverviewFlock,
} from '@kuku/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eggFlockMonths, eggProductionMonths, expenseCategoryMonths, flocks, saleDays, saleFlockMonths, vaccinations } from '../../db/schema/index.js';
import { farmMonth, oneRow, type FarmScope } from '../farm-scope.js';
import { flockStats } from '../flocks/service.js';

type MonthDaily = [flockId: number, name: string, month: string, daily: number[]];
type FlockMonthAmount = [flockId: number, name: string, month: string, cents: number | string];
type OverviewRow = [
  id: number,
  name: string,
  breed: string,
  status: FlockStatus,
  birdCount: number,
  initialBirdCount: number,
  deaths: number,
  ageAtAddingWeeks: number,
  createdAt: string,
  pending: number,
  completed: number,
  next: [id: number, vaccineName: string, date: string] | null,
];

/** Lines of `length` points, one a flock, in the order the flocks first came (by name). */
function lines(length: number) {
  const byFlock = new Map<number, DashboardFlockLine>();
  return {
    add(flockId: number, name: string, index: number, value: number) {
      if (index < 0 || index >= length || value === 0) return;
      const line = byFlock.get(flockId) ?? { flock_id: flockId, flock_name: name, values: Array.from({ length }, () => 0) };
      byFlock.set(flockId, line);
      line.values[index] = (line.values[index] ?? 0) + value;
    },
    done: () => [...byFlock.values()],
  };
}

/**
 * The whole dashboard in two statements over the rollups (decision 030): the flock totals,
 * then this month's eggs, revenue and expenses, each flock's day slots of the months the
 * 7 days and 4 weeks fall in, each flock's sales of the 6 months, and the largest flocks
 * with their next vaccination. Its cost does not grow with the farm's years of records.
 */
export async function dashboard(db: Db, scope: FarmScope, now = new Date()): Promise<Dashboard> {
  const { today, month, start, next } = farmMonth(scope, now);
  const days = dashboardEggDays(today);
  const weeks = dashboardWeeks(today);
  const months = saleTrendMonths(today);
  const firstEggMonth = `${days[0]!.slice(0, 7)}-01`;
  const firstSaleMonth = `${months[0]!}-01`;
  const farmId = scope.farmId;
  const unknown = dashboardMessages.unknownFlock;
  const [totals, row] = await Promise.all([
    flockStats(db, farmId),
    oneRow<{
      egg_months: MonthDaily[] | null;
      eggs: number | string;
      revenue: number | string;
      expenses: number | string;
      sale_months: FlockMonthAmount[] | null;
      overview: OverviewRow[] | null;
    }>(
      db,
      sql`select
        (select json_agg(json_build_array(m.flock_id, coalesce(f.name, ${unknown}), m.month, m.daily) order by coalesce(f.name, ${unknown}), m.flock_id, m.month)
           from ${eggFlockMonths} m left join ${flocks} f on f.id = m.flock_id
           where m.farm_id = ${farmId} and m.month >= ${firstEggMonth} and m.month <= ${start} and m.days > 0) as egg_months,
        (select coalesce(sum(eggs), 0) from ${eggProductionMonths} where farm_id = ${farmId} and month = ${start}) as eggs,
        (select coalesce(sum(amount_cents), 0) from ${saleDays} where farm_id = ${farmId} and day >= ${start} and day < ${next}) as revenue,
        (select coalesce(sum(amount_cents), 0) from ${expenseCategoryMonths} where farm_id = ${farmId} and month = ${start}) as expenses,
        (select json_agg(json_build_array(m.flock_id, coalesce(f.name, ${unknown}), m.month, m.amount_cents) order by coalesce(f.name, ${unknown}), m.flock_id, m.month)
           from ${saleFlockMonths} m left join ${flocks} f on f.id = m.flock_id
           where m.farm_id = ${farmId} and m.month >= ${firstSaleMonth} and m.month <= ${start} and m.amount_cents <> 0) as sale_months,
        (select json_agg(json_build_array(f.id, f.name, f.breed, f.status, f.bird_count, f.initial_bird_count, f.deaths, f.age_at_adding_weeks,
                                          f.created_at, f.vaccinations_pending, f.vaccinations_completed,
                                          (select json_build_array(v.id, v.vaccine_name, v.date) from ${vaccinations} v
                                            where v.farm_id = f.farm_id and v.flock_id = f.id and v.status = 'Pending' order by v.date, v.id limit 1))
                         order by f.bird_count desc, f.id)
           from (select * from ${flocks} where farm_id = ${farmId} and status <> 'archived'
                 order by bird_count desc, id limit ${DASHBOARD_OVERVIEW_FLOCKS}) f) as overview`,
    ),
  ]);

  // The 7 days and the 4 weeks from each flock-month's day slots (slot 0 is the 1st).
  const dayIndex = new Map(days.map((day, i) => [day, i]));
  const last7 = lines(days.length);
  const byWeek = lines(weeks.length);
  for (const [flockId, name, monthStart, daily] of row.egg_months ?? []) {
    daily.forEach((eggs, slot) => {
      const value = Number(eggs ?? 0);
      if (value === 0) return;
      const day = `${monthStart.slice(0, 8)}${String(slot + 1).padStart(2, '0')}`;
      const i = dayIndex.get(day);
      if (i !== undefined) last7.add(flockId, name, i, value);
      if (monthStart === start && day <= today) byWeek.add(flockId, name, dashboardWeekOfSlot(slot), value);
    });
  }

  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const sales = lines(months.length);
  for (const [flockId, name, monthStart, cents] of row.sale_months ?? []) {
    sales.add(flockId, name, monthIndex.get(monthStart.slice(0, 7)) ?? -1, Number(cents));
  }

  const revenue = Number(row.revenue);
  const overview: OverviewFlock[] = (row.overview ?? []).map(
    ([id, name, breed, status, birdCount, initial, deaths, ageAtAdding, createdAt, pending, completed, nextVaccination]) => {
      const age = currentAgeWeeks(ageAtAdding, new Date(createdAt), now);
      return {
        id,
        name,
        breed,
        status,
        bird_count: birdCount,
        initial_bird_count: initial,
        deaths,
        mortality_rate: Number(mortalityRate(deaths, initial).toFixed(2)),
        age_weeks: age,
        age_group: ageGroup(age),
        vaccinations_pending: pending,
        vaccinations_completed: completed,
        next_vaccination: nextVaccination
          ? { id: nextVaccination[0], vaccine_name: nextVaccination[1], date: new Date(nextVaccination[2]).toISOString() }
          : null,
      };
    },
  );
  return {
    today,
    month,
    total_birds: totals.total_birds,
    total_flocks: totals.total_flocks,
    eggs_this_month: Number(row.eggs),
    revenue_this_month_cents: revenue,
    revenue_this_month: centsToShillings(revenue),
    expenses_this_month_cents: Number(row.expenses),
    mortality_rate: totals.mortality_rate,
    eggs_last_7_days: { days, flocks: last7.done() },
    eggs_by_week: { weeks, flocks: byWeek.done() },
    sales_by_month: { months, flocks: sales.done() },
    revenue_vs_expenses: { revenue_cents: revenue, expenses_cents: Number(row.expenses) },
    flocks: overview,
  };
}
