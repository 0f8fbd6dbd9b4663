/**
 * The dashboard's words, constants and rules (docs/product.md §2 Dashboard, §4 Trial welcome modal,
 * §9), without zod: the screen shows them before any schema loads (decision 017). The
 * answer's schema is in dashboard.ts.
 */
import { hourIn, shiftDay, shiftMonth } from './common/dates.js';
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §2 Dashboard: before 12:00, before 18:00, otherwise evening, in the farm's zone ('Good Morning'). */
export function greeting(now: Date, timeZone: string): string {
  const hour = hourIn(now, timeZone);
  if (hour < 12) return dashboardMessages.goodMorning;
  if (hour < 18) return dashboardMessages.goodAfternoon;
  return dashboardMessages.goodEvening;
}

export function greetingName(username: string | null | undefined): string {
  return username?.trim() || dashboardMessages.guest;
}

/** docs/product.md §2: the eggs line chart covers the last 7 days, today included. */
export const DASHBOARD_EGG_DAYS = 7;
/** docs/product.md §2: the eggs bar chart has Week 1 to Week 4, each 7 days from the month's 1st. */
export const DASHBOARD_WEEKS = 4;
export const DASHBOARD_WEEK_DAYS = 7;
/** The Flock Overview card lists this many flocks, the largest first. */
export const DASHBOARD_OVERVIEW_FLOCKS = 5;
/**
 * A per-flock chart draws this many flocks a line (or a bar) each, the largest in the chart's
 * span first; the rest are summed as one 'Other flocks' line, so a 390 px phone stays readable.
 */
export const DASHBOARD_CHART_FLOCKS = 5;
/** The flock detail modal lists this many of the flock's vaccinations, the pending ones first. */
export const DASHBOARD_DETAIL_VACCINATIONS = 5;
/** docs/product.md §9: days left of the trial count whole days, rounded up. */
const DAY_MS = 24 * 60 * 60 * 1000;

export const dashboardMessages = words('dashboard', {
  goodMorning: 'Good Morning',
  goodAfternoon: 'Good Afternoon',
  goodEvening: 'Good Evening',
  guest: 'Guest',
  greetingIntro: 'Manage your poultry, track statistics and monitor your flock.',
  quickActions: 'Quick Actions',
  manageInventory: 'Manage Inventory',
  generateReports: 'Generate Reports',
  viewSales: 'View Sales',
  viewExpenses: 'View Expenses',
  myProfile: 'My Profile',
  // The welcome cards: a title and a line each ('Flock Overview' is flockOverview).
  flocksCard: 'Your flocks, bird counts and their status.',
  eggsCardTitle: 'Egg Production',
  eggsCard: 'Record daily collection and watch the trend.',
  salesCardTitle: 'Sales Analytics',
  salesCard: 'What you sold, what is paid and what is pending.',
  vaccinationsCardTitle: 'Vaccinations',
  vaccinationsCard: 'Upcoming and past vaccinations for every flock.',
  intro: 'Manage your poultry, track your statistics and monitor your flock, all in one place.',
  keyStatistics: 'Key Statistics',
  totalBirds: 'Total Birds',
  // Archived flocks count no birds (their list still shows them): said, so the sums agree.
  totalBirdsNote: 'Today, in flocks not archived',
  eggsProduced: 'Eggs Produced',
  eggsProducedNote: 'This month',
  totalRevenue: 'Total Revenue',
  totalRevenueNote: 'This month',
  mortalityRate: 'Mortality Rate',
  mortalityRateNote: 'Weighted by birds',
  charts: 'Farm Charts',
  eggsLast7Days: 'Eggs per Flock, Last 7 Days',
  eggsLast7DaysNote: 'Eggs collected each day, a line a flock',
  eggsByWeek: 'Eggs per Flock, Week 1 to Week 4',
  eggsByWeekNote: 'Eggs in each 7 days from the 1st of this month',
  salesByMonth: 'Sales per Flock, Last 6 Months',
  salesByMonthNote: 'Ksh per month, a line a flock',
  revenueVsExpenses: 'Revenue vs Expenses',
  revenueVsExpensesNote: 'This month, Ksh',
  revenue: 'Revenue',
  expenses: 'Expenses',
  noEggs: 'No eggs recorded in these days yet.',
  noSales: 'No sales recorded in these months yet.',
  noMoney: 'No revenue or expenses recorded this month yet.',
  chartsLoading: 'Loading farm charts',
  chartsFailed: 'The farm charts could not be loaded.',
  otherFlocks: (count: number) => `Other flocks (${count})`,
  /** Under a chart whose other flocks are summed apart, not drawn over the named ones (decision 054). */
  otherFlocksApart: (label: string, total: string) => `${label}, not drawn: ${total} in all.`,
  weekLabel: (week: number) => `Week ${week}`,
  dayColumn: 'Day',
  weekColumn: 'Week',
  monthColumn: 'Month',
  amountColumn: 'Amount',
  shareColumn: 'Share',
  statisticsLoading: 'Loading key statistics',
  flockOverview: 'Flock Overview',
  flockOverviewNote: 'Your largest flocks. Open one for its health and vaccinations.',
  noFlocks: 'No flocks yet. Add your first flock to see it here.',
  addFlock: 'Add Birds',
  addFirstFlock: 'Add your first flock',
  viewAllFlocks: 'View all flocks',
  birds: 'birds',
  /** "300 birds" on a flock's card. */
  birdCount: (shown: string) => `${shown} birds`,
  flockColumn: 'Flock',
  breedColumn: 'Breed',
  birdsColumn: 'Birds',
  ageGroupColumn: 'Age group',
  statusColumn: 'Status',
  mortalityColumn: 'Mortality',
  viewFlockDetails: (name: string) => `View details of ${name}`,
  flockDetailTitle: (name: string) => `Flock: ${name}`,
  healthStatus: 'Health Status',
  health: 'Health',
  healthNotes: 'Notes',
  birdsNow: 'Birds now',
  initialBirds: 'Initial birds',
  deaths: 'Deaths',
  vaccinationsLoading: 'Loading vaccinations',
  vaccinationsFailed: 'The vaccinations could not be loaded.',
  openVaccinationSchedule: 'Open the vaccination schedule',
  dueOverdue: 'Overdue',
  dueSoon: 'Due soon',
  dueUpcoming: 'Upcoming',
  vaccinationSchedule: 'Vaccination Schedule',
  noVaccinations: 'No vaccinations scheduled for this flock.',
  nextVaccination: 'Next vaccination',
  noNextVaccination: 'None scheduled',
  close: 'Close',
  unknownFlock: 'Unknown Flock',
  loadFailed: 'The farm numbers could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  // docs/product.md §4 Trial welcome modal.
  trialTitle: 'Welcome to your free trial',
  trialStarted: 'Trial started',
  trialEnds: 'Trial ends',
  trialDaysLeft: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} left in your free trial`,
  trialIntro: 'Every feature of Kuku is yours to use while the trial lasts. Set up your farm to get the most out of it.',
  trialNext: 'Next',
  trialStep: (step: number, of: number) => `Step ${step} of ${of}`,
  trialSetupTitle: 'Set up your farm',
  trialSetupText: 'A few short steps: add your flocks, record eggs, sales and expenses, and see your numbers grow.',
  startFarmSetup: 'Start Farm Setup',
  trialClose: 'Close',
}, { sw: () => import('./sw/dashboard-rules.js') as Promise<Catalogues> });

/** docs/product.md §9: days until the trial's end, rounded up, never below 0. */
export function trialDaysLeft(trialEndsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS));
}

/** docs/product.md §4: shown while the trial is active, once a day (the day it was last seen is kept per user). */
export function shouldShowTrialWelcome(isTrialActive: boolean, lastSeenDay: string | null, today: string): boolean {
  return isTrialActive && lastSeenDay !== today;
}

export interface DashboardWeek {
  week: number;
  start: string;
  end: string;
}

/**
 * Week 1 to Week 4 of the month that holds `today`, counted from the month's 1st, 7
 * days each (1-7, 8-14, 15-21), the fourth running to the month's end (22-28 to 22-31), so the
 * four add up to the month (decision 054).
 */
export function dashboardWeeks(today: string): DashboardWeek[] {
  const first = `${today.slice(0, 7)}-01`;
  const last = shiftDay(`${shiftMonth(today.slice(0, 7), 1)}-01`, -1);
  return Array.from({ length: DASHBOARD_WEEKS }, (_, i) => ({
    week: i + 1,
    start: shiftDay(first, i * DASHBOARD_WEEK_DAYS),
    end: i === DASHBOARD_WEEKS - 1 ? last : shiftDay(first, i * DASHBOARD_WEEK_DAYS + DASHBOARD_WEEK_DAYS - 1),
  }));
}

/** The week (0 to 3) of a day of the month, by its slot (0 is the 1st): the 29th to the 31st are the fourth's. */
export function dashboardWeekOfSlot(slot: number): number {
  return Math.min(Math.floor(slot / DASHBOARD_WEEK_DAYS), DASHBOARD_WEEKS - 1);
}

/** The last DASHBOARD_EGG_DAYS days ending with `today`, oldest first. */
export function dashboardEggDays(today: string): string[] {
  return Array.from({ length: DASHBOARD_EGG_DAYS }, (_, i) => shiftDay(today, i + 1 - DASHBOARD_EGG_DAYS));
}
